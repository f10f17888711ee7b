// `npm run bench:near-scale`: does the near-duplicate phase grow linearly with the number of
// documents, and does Ctrl-C stop a large scan within a second? Generates 20k, 60k and 200k
// distinct small text documents, scans each in its own process (no index), reports the near
// phase's time and peak RSS, then sends SIGINT to `shingle scan` in the middle of the largest
// near phase and times the exit. Goal (issue 11): 200k ≤ 10× the 20k time; exit ≤ 1 s.
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
import type { ScanChildResult } from './scale/scanChild.ts';

const { values } = parseArgs({ options: { counts: { type: 'string', default: '20000,60000,200000' }, keep: { type: 'boolean', default: false } } });
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

/** Seconds from SIGINT to the exit of `shingle scan`, sent `afterSeconds` after it starts. */
async function ctrlCExit(dir: string, afterSeconds: number): Promise<{ seconds: number; code: number | null }> {
  const child = spawn(process.execPath, [here('../electron/node/cli/shingle.ts'), 'scan', dir, '--no-index', '--json'], { stdio: 'ignore' });
  await new Promise((resolve) => setTimeout(resolve, afterSeconds * 1000));
  const sent = performance.now();
  child.kill('SIGINT');
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { seconds: (performance.now() - sent) / 1000, code };
}

const base = mkdtempSync(join(tmpdir(), 'shingle-near-scale-'));
console.log(`# bench:near-scale — ${new Date().toISOString()}`);
for (const line of machineInfo(base)) console.log(line);
const rows: Array<{ count: number; near: number; total: number; rss: number | undefined; result: ScanChildResult }> = [];
try {
  for (const count of counts) {
    const dir = join(base, String(count));
    writeDocuments(dir, count);
    const measured = await measure(process.execPath, [here('scale/scanChild.ts'), dir], { cwd: base, stdoutFile: join(base, 'out.json') });
    if (measured.exitCode !== 0) throw new Error(`scan of ${count} failed: ${measured.stderrTail}`);
    const result = JSON.parse(readFileSync(join(base, 'out.json'), 'utf8')) as ScanChildResult;
    const near = result.totalSeconds - (result.phases.extract ?? result.totalSeconds);
    rows.push({ count, near, total: result.totalSeconds, rss: measured.peakRssMB, result });
    console.log(`${count} documents: near phase ${near.toFixed(1)} s, scan ${result.totalSeconds.toFixed(1)} s, peak RSS ${measured.peakRssMB?.toFixed(0) ?? '?'} MB, ${result.clusters} clusters, ${result.errors} errors`);
    if (count === Math.max(...counts)) {
      const at = (result.phases.extract ?? 0) + near / 3;
      const exit = await ctrlCExit(dir, at);
      console.log(`Ctrl-C ${at.toFixed(1)} s into a scan of ${count} (in its near phase): exit ${exit.code} after ${exit.seconds.toFixed(2)} s (goal ≤ 1 s)`);
    }
    if (!values.keep) rmSync(dir, { recursive: true, force: true });
  }
  const first = rows[0]!;
  for (const row of rows.slice(1)) {
    console.log(`${row.count} / ${first.count}: near phase ×${(row.near / first.near).toFixed(1)} for ×${(row.count / first.count).toFixed(0)} documents`);
  }
  console.log(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  if (!values.keep) rmSync(base, { recursive: true, force: true });
}
