// Reads a `shingle scan --json` report for apply and export. The file may be hand-edited or
// someone else's: its shape is checked against the contract's schemas before anything uses it,
// and what is wrong is said in one line. The app reads it too (the file the host's picker chose),
// with a size limit, so a stray huge file is refused before it is held in memory.
import { constants } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { formatBytes } from '../../../shared/format.ts';
import { scanReportSchema } from '../../../shared/contract/schemas.ts';
import { displayPath } from '../../../shared/fsName.ts';
import { REPORT_VERSION } from '../../../shared/report.ts';
import type { ScanReport } from '../../../shared/report.ts';

// The report's own schema; stats and errors are only read for display, so a hand-made report may leave them out.
const reportSchema = scanReportSchema.partial({ stats: true, errors: true });

export class ReportError extends Error {}

export interface ReadReportOptions {
  /**
   * Larger files are refused unread, and so is anything but a regular file (a named pipe picked
   * by mistake is not waited on). Without it any readable file is read whole: the CLI reads
   * reports piped from another command (`<(shingle scan --json …)`).
   */
  maxBytes?: number;
}

export async function readReport(path: string, { maxBytes = Infinity }: ReadReportOptions = {}): Promise<ScanReport> {
  let text: string;
  try {
    text = await readText(path, maxBytes);
  } catch (error) {
    if (error instanceof ReportError) throw error;
    throw new ReportError(`${displayPath(path)}: cannot read the report (${(error as Error).message.split('\n')[0]})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
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

const READ_CHUNK_BYTES = 4 * 2 ** 20;

async function readText(path: string, maxBytes: number): Promise<string> {
  if (maxBytes === Infinity) return await readFile(path, 'utf8');
  // Non-blocking: a named pipe picked by mistake is refused below rather than waited on for ever.
  const file = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const info = await file.stat();
    if (!info.isFile()) throw new ReportError(`${displayPath(path)}: not a file`);
    const tooLarge = (size: number) => new ReportError(`${displayPath(path)}: ${formatBytes(size)} is larger than any report Shingle opens (${formatBytes(maxBytes)} at most)`);
    if (info.size > maxBytes) throw tooLarge(info.size);
    // Read until its end, up to one byte past the limit: a file still growing is not read on past it.
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(READ_CHUNK_BYTES, maxBytes + 1 - total));
      const { bytesRead } = await file.read(chunk, 0, chunk.length, total);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
      if (total > maxBytes) throw tooLarge(total);
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } finally {
    await file.close();
  }
}
