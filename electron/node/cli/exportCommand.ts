// `shingle export --csv|--json REPORT`: the clusters of a report as one row per file (CSV, for
// spreadsheets) or as JSON. Marks are not exported yet. Exit codes: 0 ok, 2 bad usage.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { displayPath } from '../../../shared/fsName.ts';
import type { Cluster, ScanReport } from '../../../shared/report.ts';
import { UsageError } from './harness.ts';
import { readReportFile } from './reportFile.ts';

export const exportUsage = `Usage: shingle export --csv|--json REPORT.json

Prints the groups of a \`shingle scan --json\` report: --csv one row per file (paths with bytes
that are not UTF-8 show them as \\xNN), --json the groups as a JSON array.`;

const CSV_COLUMNS = ['cluster', 'kind', 'similarity', 'path', 'size', 'modified', 'format', 'links'];

function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function toCsv(clusters: Cluster[]): string {
  const rows = [CSV_COLUMNS.join(',')];
  for (const cluster of clusters) {
    for (const file of cluster.files) {
      const fields = [cluster.id, cluster.kind, file.similarity ?? cluster.similarity, displayPath(file.path), file.size];
      fields.push(new Date(file.mtime).toISOString(), file.format ?? '', (file.links ?? []).map(displayPath).join(';'));
      rows.push(fields.map(csvField).join(','));
    }
  }
  return `${rows.join('\r\n')}\r\n`;
}

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
  let report: ScanReport;
  try {
    report = await readReportFile(resolve(process.cwd(), positionals[0]!));
  } catch (error) {
    if (error instanceof UsageError) return fail(error.message);
    throw error;
  }
  process.stdout.write(values.csv ? toCsv(report.clusters) : `${JSON.stringify(report.clusters)}\n`);
  return 0;
}
