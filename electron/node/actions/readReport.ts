// Reads a `shingle scan --json` report for apply and export. The file may be hand-edited or
// someone else's: its shape is checked against the contract's schemas before anything uses it,
// and what is wrong is said in one line.
import { readFile } from 'node:fs/promises';
import { scanReportSchema } from '../../../shared/contract/schemas.ts';
import { displayPath } from '../../../shared/fsName.ts';
import { REPORT_VERSION } from '../../../shared/report.ts';
import type { ScanReport } from '../../../shared/report.ts';

// The report's own schema; stats and errors are only read for display, so a hand-made report may leave them out.
const reportSchema = scanReportSchema.partial({ stats: true, errors: true });

export class ReportError extends Error {}

export async function readReport(path: string): Promise<ScanReport> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new ReportError(`${displayPath(path)}: cannot read the report (${(error as Error).message.split('\n')[0]})`);
  }
  // Another version is said as such, not as whatever field the schema meets first.
  const version = typeof data === 'object' && data !== null && 'version' in data ? data.version : undefined;
  if (typeof version === 'number' && version !== REPORT_VERSION) {
    throw new ReportError(`${displayPath(path)}: report version ${version}; this Shingle reads ${REPORT_VERSION}`);
  }
  const parsed = reportSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new ReportError(`${displayPath(path)}: not a version ${REPORT_VERSION} shingle scan --json report (${issue.message.split('\n')[0]}${where})`);
  }
  const report = data as ScanReport;
  return { ...report, errors: report.errors ?? [], stats: report.stats ?? { files: 0, bytes: 0, ms: 0 } };
}
