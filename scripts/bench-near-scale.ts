// `npm run bench:near-scale`: does the near-duplicate phase grow linearly with the number of
// documents, and does Ctrl-C stop a large scan within a second? Generates 20k, 60k and 200k
// distinct small text documents, scans each in its own process (no index), reports the near
// phase's time and peak RSS, then sends SIGINT to `shingle scan` of the largest set twice (a third
// into its near phase, while documents are read; and as its cluster phase starts, while they are
// indexed) and times the exit. Goal (issue 11): 200k ≤ 10× the 20k time; exit ≤ 1 s.
//
//   npm run bench:near-scale -- [--counts 20000,60000,200000] [--keep]
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { machineInfo, measure } from './bench/measure.ts';
import { PlanRandom } from './bench/random.ts';
import { letterScale } from './near/letterScale.ts';
import type { ScanChildResult } from './scale/scanChild.ts';

const { values } = parseArgs({
  options: { counts: { type: 'string', default: '20000,60000,200000' }, keep: { type: 'boolean', default: false }, letters: { type: 'string' } },
});
const counts = values.counts.split(',').map(Number);
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Unrelated documents of 60–140 words drawn from a 20,000-word vocabulary: no two alike. */
function writeDocuments(dir: string, count: number): void {
  const random = new PlanRandom(count);
  const vocabulary = Array.from({ length: 20_000 }, (_, i) => `w${i.toString(36)}`);
  for (let i = 0; i < count; i++) {
    const folder = join(dir, `f${Math.floor(i / 1000)}`);
    if (i % 1000 === 0) mkdirSync(folder, { recursive: true });
    const words = Array.from({ length: random.between(60, 140) }, () => random.pick(vocabulary));
    writeFileSync(join(folder, `doc-${i}.txt`), `${words.join(' ')}.\n`);
  }
}

/** Seconds from SIGINT to the exit of `shingle scan`, sent `afterSeconds` after it starts, and the load then. */
async function ctrlCExit(dir: string, afterSeconds: number): Promise<{ seconds: number; code: number | null; load: string }> {
  const child = spawn(process.execPath, [here('../electron/node/cli/shingle.ts'), 'scan', dir, '--no-index', '--json'], { stdio: 'ignore' });
  await new Promise((resolve) => setTimeout(resolve, afterSeconds * 1000));
  const load = loadavg()[0]!.toFixed(1);
  const sent = performance.now();
  child.kill('SIGINT');
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { seconds: (performance.now() - sent) / 1000, code, load };
}

const base = mkdtempSync(join(tmpdir(), 'shingle-near-scale-'));
console.log(`# bench:near-scale — ${new Date().toISOString()}`);
for (const line of machineInfo(base)) console.log(line);
if (values.letters !== undefined) {
  try {
    await letterScale(base, values.letters.split(',').map(Number));
    console.log(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
  process.exit(0);
}
const rows: Array<{ count: number; near: number; nearCpu: number; total: number; rss: number | undefined; result: ScanChildResult }> = [];
try {
  for (const count of counts) {
    const dir = join(base, String(count));
    writeDocuments(dir, count);
    const measured = await measure(process.execPath, [here('scale/scanChild.ts'), dir], { cwd: base, stdoutFile: join(base, 'out.json') });
    if (measured.exitCode !== 0) throw new Error(`scan of ${count} failed: ${measured.stderrTail}`);
    const result = JSON.parse(readFileSync(join(base, 'out.json'), 'utf8')) as ScanChildResult;
    const near = result.totalSeconds - (result.phases.extract ?? result.totalSeconds);
    const nearCpu = result.totalCpuSeconds - (result.cpu.extract ?? result.totalCpuSeconds);
    rows.push({ count, near, nearCpu, total: result.totalSeconds, rss: measured.peakRssMB, result });
    console.log(
      `${count} documents: near phase ${near.toFixed(1)} s (${nearCpu.toFixed(1)} s of CPU, all threads), scan ${result.totalSeconds.toFixed(1)} s, ` +
        `peak RSS ${measured.peakRssMB?.toFixed(0) ?? '?'} MB, ${result.clusters} clusters, ${result.errors} errors, load ${loadavg()[0]!.toFixed(1)} after`,
    );
    if (count === Math.max(...counts)) {
      // The times of the measured scan: another run, under another load, is only roughly there.
      const points = [
        { at: (result.phases.extract ?? 0) + near / 3, where: 'a third into its near phase, reading documents' },
        { at: result.phases.cluster ?? result.totalSeconds, where: 'as its cluster phase starts, indexing them' },
      ];
      for (const { at, where } of points) {
        const exit = await ctrlCExit(dir, at);
        console.log(`Ctrl-C ${at.toFixed(1)} s into a scan of ${count} (${where}; load ${exit.load}): exit ${exit.code} after ${exit.seconds.toFixed(2)} s (goal ≤ 1 s)`);
      }
    }
    if (!values.keep) rmSync(dir, { recursive: true, force: true });
  }
  const first = rows[0]!;
  for (const row of rows.slice(1)) {
    console.log(`${row.count} / ${first.count}: near phase ×${(row.near / first.near).toFixed(1)} in time, ×${(row.nearCpu / first.nearCpu).toFixed(1)} in CPU, for ×${(row.count / first.count).toFixed(0)} documents`);
  }
  console.log(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  if (!values.keep) rmSync(base, { recursive: true, force: true });
}
