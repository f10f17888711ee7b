// Reading a `shingle scan --json` report back (apply, export): the version is checked here and
// only here, then the whole document against the report's schema, so a hand-edited or damaged
// report is refused in one line (UsageError) before anything acts on it.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { clusterSchema } from '../../../shared/contract/schemas.ts';
import { REPORT_VERSION } from '../../../shared/report.ts';
import type { ScanReport } from '../../../shared/report.ts';
import { terminalPath } from './terminalText.ts';
import { UsageError } from './harness.ts';

// TODO(merge): the contract's scanReportSchema (engine-host branch) replaces this declaration.
const scanReportSchema = z.object({
  version: z.literal(REPORT_VERSION),
  roots: z.array(z.string()),
  stats: z.object({ files: z.number(), bytes: z.number(), ms: z.number(), bytesHashed: z.number().optional(), filesRead: z.number().optional(), special: z.number().optional() }),
  clusters: z.array(clusterSchema),
  hardlinks: z.array(z.object({ size: z.number(), paths: z.array(z.string()) })).optional(),
  errors: z.array(z.object({ path: z.string(), code: z.string(), message: z.string() })),
});

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'the document';
  return `${where}: ${issue.message}`;
}

/** The report at `path`, checked; throws UsageError saying what is wrong with it. */
export async function readReportFile(path: string): Promise<ScanReport> {
  const name = terminalPath(path);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`${name}: cannot read the report (${(error as Error).message.split('\n')[0]})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${name}: not a shingle scan --json report (${(error as Error).message.split('\n')[0]})`);
  }
  const version = (data as { version?: unknown } | null)?.version;
  if (typeof version !== 'number') throw new UsageError(`${name}: not a shingle scan --json report (no version)`);
  if (version !== REPORT_VERSION) {
    throw new UsageError(`${name}: report version ${version}; this Shingle reads version ${REPORT_VERSION}${version > REPORT_VERSION ? ' (the report is from a newer Shingle)' : ''}`);
  }
  const parsed = scanReportSchema.safeParse(data);
  if (!parsed.success) throw new UsageError(`${name}: not a valid report: ${describeIssue(parsed.error.issues[0]!)}`);
  return parsed.data as ScanReport;
}
