// `npm run bench:memory`: the memory goals of issue 11. (1) Peak RSS of `shingle scan` on a
// near-duplicate pair of 64 MiB text documents (goal ≤ 600 MB). (2) Resident memory of
// `shingle watch` per watched file, once ready (goal ≤ 3 KB): a watch of N files minus a watch
// of a handful, over N.
//
//   npm run bench:memory -- [--watch-files 100000] [--document-mib 64]   (0 leaves a part out)
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { machineInfo, measure } from './bench/measure.ts';
import { PlanRandom } from './bench/random.ts';

const { values } = parseArgs({ options: { 'watch-files': { type: 'string', default: '100000' }, 'document-mib': { type: 'string', default: '64' } } });
const cli = fileURLToPath(new URL('../electron/node/cli/shingle.ts', import.meta.url));
const base = mkdtempSync(join(tmpdir(), 'shingle-memory-'));

/** Prose-like text of `bytes` bytes from a 50,000-word vocabulary; `edit` changes every 50th word. */
function documentText(bytes: number, edit: boolean): string {
  const random = new PlanRandom(7);
  const vocabulary = Array.from({ length: 50_000 }, (_, i) => `w${i.toString(36)}`);
  const words: string[] = [];
  let length = 0;
  for (let i = 0; length < bytes; i++) {
    const word = edit && i % 50 === 0 ? 'edited' : random.pick(vocabulary);
    words.push(i % 15 === 14 ? `${word}.` : word);
    length += word.length + 1;
  }
  return words.join(' ').slice(0, bytes);
}

async function largePair(mib: number): Promise<void> {
  const dir = join(base, 'pair');
  mkdirSync(dir);
  writeFileSync(join(dir, 'report.txt'), documentText(mib * 2 ** 20, false));
  writeFileSync(join(dir, 'report-edited.txt'), documentText(mib * 2 ** 20, true));
  const run = await measure(process.execPath, [cli, 'scan', dir, '--no-index', '--json'], { cwd: base, stdoutFile: join(base, 'pair.json') });
  const report = JSON.parse(readFileSync(join(base, 'pair.json'), 'utf8')) as { clusters: Array<{ kind: string; files: unknown[] }> };
  const cluster = report.clusters.find((c) => c.kind === 'near');
  console.log(`Near-duplicate pair of ${mib} MiB text documents: peak RSS ${run.peakRssMB?.toFixed(0) ?? '?'} MB (goal ≤ 600), ${run.seconds.toFixed(1)} s, exit ${run.exitCode}, ${cluster ? `found as one near cluster of ${cluster.files.length}` : 'NOT found as a near cluster'}`);
  rmSync(dir, { recursive: true, force: true });
}

function writeTree(dir: string, files: number): void {
  for (let i = 0; i < files; i++) {
    const folder = join(dir, `f${Math.floor(i / 500)}`);
    if (i % 500 === 0) mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `file-${i}.dat`), `file ${i}\n`);
  }
}

/** Resident memory of `shingle watch` on `dir` once it says it is ready, in KB. */
async function watchRss(dir: string): Promise<number> {
  const child = spawn(process.execPath, [cli, 'watch', dir, '--no-index', '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let buffer = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.includes('"event":"ready"')) resolve();
    });
    child.on('close', (code) => reject(new Error(`watch exited ${code} before it was ready`)));
  });
  // Let the watches settle (the watch walks once more after they are set), then read the RSS.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  child.kill('SIGINT');
  await new Promise((resolve) => child.on('close', resolve));
  return rss;
}

async function watchPerFile(files: number): Promise<void> {
  const small = join(base, 'small');
  const large = join(base, 'large');
  writeTree(small, 10);
  writeTree(large, files);
  const smallKB = await watchRss(small);
  const largeKB = await watchRss(large);
  const perFile = ((largeKB - smallKB) * 1024) / files;
  console.log(`shingle watch: ${(smallKB / 1024).toFixed(0)} MB RSS on 10 files, ${(largeKB / 1024).toFixed(0)} MB on ${files.toLocaleString('en-US')} files in ${Math.ceil(files / 500)} folders: ${(perFile / 1000).toFixed(2)} KB per file (goal ≤ 3)`);
}

console.log(`# bench:memory — ${new Date().toISOString()}`);
for (const line of machineInfo(base)) console.log(line);
try {
  // 0 leaves a part out.
  if (Number(values['document-mib']) > 0) await largePair(Number(values['document-mib']));
  if (Number(values['watch-files']) > 0) await watchPerFile(Number(values['watch-files']));
} finally {
  rmSync(base, { recursive: true, force: true });
}
