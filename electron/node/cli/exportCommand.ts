// `shingle export --csv|--json REPORT`: the clusters of a report as one row per file (CSV, for
// spreadsheets) or as JSON. Marks are not exported yet. Exit codes: 0 ok, 2 bad usage or a
// report that is not one.
import { resolve } from 'node:path';
import { toCsv, toJson } from '../../../shared/resultsExport.ts';
import { parseCommandArgs, printHelp, UsageError } from './harness.ts';
import type { CommandContext } from './harness.ts';
import { readReportArgument } from './commandFiles.ts';

export const exportUsage = `Usage: shingle export --csv|--json REPORT.json

Prints the groups of a \`shingle scan --json\` report: --csv one row per file, with each file's
similarity to the file named in its \`matches\` column (control characters and bytes that are not
UTF-8 in a path show as \\xNN, as in the human output), --json the groups as a JSON array, every
name exact.

Options:
  -h, --help   show this help`;

export async function exportCommand(argv: string[], context: CommandContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { csv: { type: 'boolean', default: false }, json: { type: 'boolean', default: false } });
  if (values.help) return printHelp(exportUsage);
  if (values.csv === values.json) throw new UsageError('give exactly one of --csv and --json');
  if (positionals.length !== 1) throw new UsageError('export needs exactly one report file');
  const report = await readReportArgument(resolve(context.cwd, positionals[0]!));
  process.stdout.write(values.csv ? toCsv(report.clusters) : toJson(report.clusters));
  return 0;
}
