// `shingle export --csv|--json REPORT`: the clusters of a report as one row per file (CSV, for
// spreadsheets) or as JSON. Marks are not exported yet. Exit codes: 0 ok, 2 bad usage.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ScanReport } from '../../../shared/report.ts';
import { toCsv, toJson } from '../../../shared/resultsExport.ts';
import { readReport, ReportError } from '../actions/readReport.ts';

export const exportUsage = `Usage: shingle export --csv|--json REPORT.json

Prints the groups of a \`shingle scan --json\` report: --csv one row per file (paths with bytes
that are not UTF-8 show them as \\xNN), --json the groups as a JSON array.`;

export async function runExportCommand(argv: string[]): Promise<number> {
  const fail = (message: string) => {
    process.stderr.write(`shingle export: ${message}\n`);
    return 2;
  };
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { csv: { type: 'boolean', default: false }, json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    });
  } catch (error) {
    return fail((error as Error).message.split('\n')[0]!);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${exportUsage}\n`);
    return 0;
  }
  if (values.csv === values.json) return fail('give exactly one of --csv and --json');
  if (positionals.length !== 1) return fail('export needs exactly one report file');
  const path = resolve(process.cwd(), positionals[0]!);
  let report: ScanReport;
  try {
    report = await readReport(path);
  } catch (error) {
    if (!(error instanceof ReportError)) throw error;
    return fail(error.message);
  }
  process.stdout.write(values.csv ? toCsv(report.clusters) : toJson(report.clusters));
  return 0;
}
