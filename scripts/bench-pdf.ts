// `npm run bench:pdf`: PDF extraction, MB of PDF per CPU-second and peak RSS, on PDFs nobody here
// wrote (every .pdf and .pdf.gz under /usr/share, or --dir). In one run, three ways:
//   - the extraction pool with pdf.js alone (SHINGLE_PDFTOTEXT=off),
//   - the extraction pool as a scan runs it, with pdftotext where it is installed,
//   - pdftotext alone, one process per file (the peer).
// Each pool way runs in a child process under GNU time, so the CPU figure includes node's start,
// loading pdf.js, and the pdftotext children the pool starts; the peak RSS is the child's. The child
// (bench/pdf-pool-child.ts) hands its texts back in a file: comparing them is not extraction.
// "Same text" counts the files whose canonical text equals pdf.js's.
//
//   node scripts/bench-pdf.ts [--dir DIR] [--runs 3] [--threads N (default: the pool's)]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { murmur3Ints } from '../shared/fingerprint/hash32.ts';
import { canonicalTokenHashes } from '../shared/text/canonicalTokens.ts';
import { pdftotextTools } from '../electron/node/extract/pdftotextText.ts';
import { GNU_TIME, machineInfo } from './bench/measure.ts';
import type { PdfPoolChildReport } from './bench/pdf-pool-child.ts';
import { regularFiles } from './near/sources.ts';

const { values: options } = parseArgs({
  options: {
    dir: { type: 'string' },
    runs: { type: 'string', default: '3' },
    threads: { type: 'string' },
  },
});
const runs = Number(options.runs);

/** Per file, in list order: a hash of its canonical tokens, or the error code; and the failures. */
function textsOf({ results, wallSeconds }: PdfPoolChildReport, paths: string[]) {
  const failures: string[] = [];
  const texts = results.map((result, i) => {
    if (!result.ok) {
      failures.push(`${basename(paths[i]!)}: ${result.code} ${result.message}`);
      return result.code;
    }
    const tokens = canonicalTokenHashes(result.text);
    return `${tokens.length}-${murmur3Ints(tokens)}`;
  });
  return { files: results.length, texts, failures, wallSeconds };
}

/** CPU seconds (the process and the children it waited for) and peak RSS of one command, from GNU time. */
function timed(command: string, args: string[]): { cpu: number; rssMB: number; stdout: string; wall: number } {
  const started = performance.now();
  const result = spawnSync(GNU_TIME, ['-f', 'GNUTIME %U %S %M', command, ...args], { encoding: 'utf8', maxBuffer: 2 ** 30 });
  const wall = (performance.now() - started) / 1000;
  const line = result.stderr.split('\n').find((l) => l.startsWith('GNUTIME '));
  if (result.status !== 0 || line === undefined) throw new Error(`${command} failed: ${result.stderr.slice(-2000)}`);
  const [user, system, rssKB] = line.split(' ').slice(1).map(Number) as [number, number, number];
  return { cpu: user + system, rssMB: rssKB / 1024, stdout: result.stdout, wall };
}

const work = mkdtempSync(join(tmpdir(), 'shingle-bench-pdf-'));
try {
  console.log('Machine');
  for (const line of machineInfo(work)) console.log(`  ${line}`);
  // Compressed manuals are unpacked into the temp folder; the others are read where they are.
  const paths = regularFiles(options.dir ?? '/usr/share')
    .filter((path) => /\.pdf(\.gz)?$/i.test(path))
    .sort()
    .map((path, i) => {
      if (!path.endsWith('.gz')) return path;
      const unpacked = join(work, `${i}-${basename(path, '.gz')}`);
      writeFileSync(unpacked, gunzipSync(readFileSync(path)));
      return unpacked;
    });
  if (paths.length === 0) throw new Error(`No PDFs under ${options.dir ?? '/usr/share'}`);
  const list = join(work, 'list.txt');
  writeFileSync(list, paths.join('\n'));
  const megabytes = paths.reduce((sum, path) => sum + statSync(path).size, 0) / 1e6;
  const pdftotext = pdftotextTools();
  const threads = options.threads ?? `${Math.max(1, Math.min(4, availableParallelism() - 1))} (the default)`;
  console.log(`\n${paths.length} PDFs, ${megabytes.toFixed(2)} MB, each way run ${runs} times, ${threads} pool threads; pdftotext: ${pdftotext?.pdftotext ?? 'not installed'}\n`);
  // The peer first, so that every row can say how its CPU compares.
  let peer: { cpu: number; rss: number; wall: number } | null = null;
  if (pdftotext) {
    peer = { cpu: 0, rss: 0, wall: 0 };
    for (let run = 0; run < runs; run++) {
      for (const path of paths) {
        const result = timed(pdftotext.pdftotext, ['-q', '-raw', '-enc', 'UTF-8', path, '/dev/null']);
        peer.cpu += result.cpu;
        peer.wall += result.wall;
        peer.rss = Math.max(peer.rss, result.rssMB);
      }
    }
  }
  const rate = (cpu: number) => (megabytes * runs) / cpu;
  const vsPeer = (cpu: number) => (peer ? `${(cpu / peer.cpu).toFixed(2)}×` : '–');
  console.log('| way | CPU (s) | MB per CPU-second | CPU ÷ pdftotext alone | wall (s) | peak RSS (MB) | same text as pdf.js | failures |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  const rates = new Map<string, { rate: number; rssMB: number }>();
  let reference: string[] = [];
  for (const way of pdftotext ? ['pdfjs', 'default'] : ['pdfjs']) {
    const resultsFile = join(work, `${way}.json`);
    const { cpu, rssMB } = timed(process.execPath, [
      join(import.meta.dirname, 'bench', 'pdf-pool-child.ts'), way, list, String(runs), resultsFile, ...(options.threads ? [options.threads] : []),
    ]);
    const report = textsOf(JSON.parse(readFileSync(resultsFile, 'utf8')) as PdfPoolChildReport, paths);
    if (way === 'pdfjs') reference = report.texts;
    rates.set(way, { rate: rate(cpu), rssMB });
    const same = report.texts.filter((text, i) => text === reference[i]).length;
    const name = way === 'pdfjs' ? 'pool, pdf.js alone' : 'pool, pdftotext (the default where installed)';
    console.log(
      `| ${name} | ${cpu.toFixed(2)} | ${rate(cpu).toFixed(2)} | ${vsPeer(cpu)} | ${report.wallSeconds.toFixed(2)} | ${rssMB.toFixed(0)} | ` +
        `${same} / ${report.files} | ${report.failures.length ? report.failures.join('; ') : 'none'} |`,
    );
  }
  if (peer) {
    console.log(`| pdftotext alone (peer), one process per file | ${peer.cpu.toFixed(2)} | ${rate(peer.cpu).toFixed(2)} | 1× | ${peer.wall.toFixed(2)} | ${peer.rss.toFixed(0)} | – | – |`);
  } else {
    console.log('\npdftotext is not installed (apt-get install poppler-utils): only pdf.js was measured.');
  }
  const goal = (name: string, met: boolean, measured: string) => console.log(`  ${name}: ${measured} — ${met ? 'met' : 'MISSED'}`);
  console.log('\nGoals (issue 13)');
  const pdfjs = rates.get('pdfjs')!;
  goal('pdf.js alone ≥ 1.5 MB per CPU-second', pdfjs.rate >= 1.5, pdfjs.rate.toFixed(2));
  const auto = rates.get('default');
  if (auto) goal('with pdftotext ≥ 2.5 MB per CPU-second', auto.rate >= 2.5, auto.rate.toFixed(2));
  const rss = (auto ?? pdfjs).rssMB;
  goal('peak RSS of PDF extraction ≤ 600 MB (the default way)', rss <= 600, `${rss.toFixed(0)} MB`);
  console.log(`\nLoad average after: ${machineInfo(work)[1]!.replace(/.*load average /, '')}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
