// `npm run bench:pdf`: PDF extraction's CPU against a pdftotext loop's, on two corpora of PDFs
// nobody here wrote (scripts/bench/pdf-corpus.ts): "manuals" (every .pdf and .pdf.gz under
// /usr/share, or --dir) and "letters" (small PDFs typeset from Debian's copyright files). Each
// round runs, interleaved, every way once:
//   - the extraction pool with pdf.js alone (SHINGLE_PDFTOTEXT=off SHINGLE_PDF_READER=pdfjs),
//   - the pool with PDFium alone (SHINGLE_PDFTOTEXT=off): the default without poppler (Windows, macOS),
//   - the pool as a scan runs it where poppler is installed (pdftotext from 64 KiB, PDFium below),
//   - pdftotext alone, one process per file (the peer).
// Each pool way runs in a child process under GNU time, so its CPU (user + sys) includes node's
// start, loading the reader, and the pdftotext children the pool starts. The child
// (bench/pdf-pool-child.ts) hands its texts back in a file: comparing them is not extraction.
// Figures are medians over the rounds; "÷ pdftotext" is the median of each round's ratio.
//
//   node scripts/bench-pdf.ts [--dir DIR] [--letters 120] [--rounds 3] [--runs 1] [--threads N]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { murmur3Ints } from '../shared/fingerprint/hash32.ts';
import { canonicalTokenHashes } from '../shared/text/canonicalTokens.ts';
import { pdftotextTools } from '../electron/node/extract/pdftotextText.ts';
import { GNU_TIME, machineInfo, median } from './bench/measure.ts';
import { letterPdfs, manualPdfs } from './bench/pdf-corpus.ts';
import type { PdfPoolChildReport, PdfWay } from './bench/pdf-pool-child.ts';

const { values: options } = parseArgs({
  options: {
    dir: { type: 'string', default: '/usr/share' },
    letters: { type: 'string', default: '120' },
    rounds: { type: 'string', default: '3' },
    runs: { type: 'string', default: '1' },
    threads: { type: 'string' },
  },
});
const rounds = Number(options.rounds);
const runs = Number(options.runs);
const WAY_NAMES: Record<PdfWay, string> = {
  pdfjs: 'pool, pdf.js alone',
  pdfium: 'pool, PDFium alone (the default without poppler)',
  default: 'pool, pdftotext from 64 KiB + PDFium (the default with poppler)',
};

/** Per file, in list order: a hash of its canonical tokens, or the error code; and the failures. */
function textsOf({ results }: PdfPoolChildReport, paths: string[]) {
  const failures: string[] = [];
  const texts = results.map((result, i) => {
    if (!result.ok) {
      failures.push(`${basename(paths[i]!)}: ${result.code} ${result.message}`);
      return result.code;
    }
    const tokens = canonicalTokenHashes(result.text);
    return `${tokens.length}-${murmur3Ints(tokens)}`;
  });
  return { texts, failures };
}

/** CPU seconds (the process and the children it waited for) and peak RSS of one command, from GNU time. */
function timed(command: string, args: string[]): { cpu: number; rssMB: number; wall: number } {
  const started = performance.now();
  const result = spawnSync(GNU_TIME, ['-f', 'GNUTIME %U %S %M', command, ...args], { encoding: 'utf8', maxBuffer: 2 ** 30 });
  const wall = (performance.now() - started) / 1000;
  const line = result.stderr.split('\n').find((l) => l.startsWith('GNUTIME '));
  if (result.status !== 0 || line === undefined) throw new Error(`${command} failed: ${result.stderr.slice(-2000)}`);
  const [user, system, rssKB] = line.split(' ').slice(1).map(Number) as [number, number, number];
  return { cpu: user + system, rssMB: rssKB / 1024, wall };
}

interface Row {
  cpu: number[];
  wall: number[];
  rssMB: number;
  texts: string[];
  failures: string[];
}

function benchCorpus(name: string, paths: string[], work: string): void {
  const list = join(work, `${name}.txt`);
  writeFileSync(list, paths.join('\n'));
  const sizes = paths.map((path) => statSync(path).size);
  const megabytes = sizes.reduce((sum, size) => sum + size, 0) / 1e6;
  const pdftotext = pdftotextTools();
  const ways: PdfWay[] = pdftotext ? ['pdfjs', 'pdfium', 'default'] : ['pdfjs', 'pdfium'];
  console.log(
    `\n### ${name}: ${paths.length} PDFs, ${megabytes.toFixed(2)} MB (${(Math.min(...sizes) / 1024).toFixed(0)}–${(Math.max(...sizes) / 1024).toFixed(0)} KiB), ` +
      `${rounds} rounds × ${runs} pass(es); load average before ${machineInfo(work)[1]!.replace(/.*load average /, '')}`,
  );
  const rows = new Map<PdfWay | 'peer', Row>();
  const row = (way: PdfWay | 'peer') => rows.get(way) ?? rows.set(way, { cpu: [], wall: [], rssMB: 0, texts: [], failures: [] }).get(way)!;
  for (let round = 0; round < rounds; round++) {
    if (pdftotext) {
      const peer = row('peer');
      let cpu = 0;
      let wall = 0;
      for (let run = 0; run < runs; run++) {
        for (const path of paths) {
          const result = timed(pdftotext.pdftotext, ['-q', '-raw', '-enc', 'UTF-8', path, '/dev/null']);
          cpu += result.cpu;
          wall += result.wall;
          peer.rssMB = Math.max(peer.rssMB, result.rssMB);
        }
      }
      peer.cpu.push(cpu);
      peer.wall.push(wall);
    }
    for (const way of ways) {
      const resultsFile = join(work, `${way}.json`);
      const { cpu, rssMB, wall } = timed(process.execPath, [
        join(import.meta.dirname, 'bench', 'pdf-pool-child.ts'), way, list, String(runs), resultsFile, ...(options.threads ? [options.threads] : []),
      ]);
      const current = row(way);
      current.cpu.push(cpu);
      current.wall.push(wall);
      current.rssMB = Math.max(current.rssMB, rssMB);
      if (round === 0) Object.assign(current, textsOf(JSON.parse(readFileSync(resultsFile, 'utf8')) as PdfPoolChildReport, paths));
    }
  }
  const peer = rows.get('peer');
  const rate = (cpu: number[]) => ((megabytes * runs) / median(cpu)).toFixed(2);
  const ratio = (cpu: number[]) => (peer ? `${median(cpu.map((c, i) => c / peer.cpu[i]!)).toFixed(2)}×` : '–');
  const reference = rows.get('pdfjs')!.texts;
  const pdfium = rows.get('pdfium')!.texts;
  console.log('| way | CPU (s), median | per round | MB per CPU-second | CPU ÷ pdftotext alone | CPU ÷ pdf.js | wall (s) | peak RSS (MB) | same text as pdf.js | as PDFium | failures |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const pdfjsCpu = rows.get('pdfjs')!.cpu;
  for (const way of ways) {
    const { cpu, wall, rssMB, texts, failures } = rows.get(way)!;
    const same = (others: string[]) => `${texts.filter((text, i) => text === others[i]).length} / ${texts.length}`;
    console.log(
      `| ${WAY_NAMES[way]} | ${median(cpu).toFixed(2)} | ${cpu.map((c) => c.toFixed(2)).join(', ')} | ${rate(cpu)} | ${ratio(cpu)} | ` +
        `${median(cpu.map((c, i) => c / pdfjsCpu[i]!)).toFixed(2)}× | ${median(wall).toFixed(2)} | ${rssMB.toFixed(0)} | ${same(reference)} | ${same(pdfium)} | ` +
        `${failures.length ? failures.join('; ') : 'none'} |`,
    );
  }
  if (peer) {
    console.log(`| pdftotext alone (peer), one process per file | ${median(peer.cpu).toFixed(2)} | ${peer.cpu.map((c) => c.toFixed(2)).join(', ')} | ${rate(peer.cpu)} | 1× | – | ${median(peer.wall).toFixed(2)} | ${peer.rssMB.toFixed(0)} | – | – | – |`);
  } else {
    console.log('\npdftotext is not installed (apt-get install poppler-utils): no peer to compare with.');
  }
  console.log(`load average after: ${machineInfo(work)[1]!.replace(/.*load average /, '')}`);
  if (!peer) return;
  console.log(`Goals (issue 26): with poppler ≤ 1.5× pdftotext — ${ratio(rows.get('default')!.cpu)}; without poppler (PDFium) ≤ 2.0× — ${ratio(rows.get('pdfium')!.cpu)}`);
}

const work = mkdtempSync(join(tmpdir(), 'shingle-bench-pdf-'));
try {
  console.log('Machine');
  for (const line of machineInfo(work)) console.log(`  ${line}`);
  const threads = options.threads ?? `${Math.max(1, Math.min(4, availableParallelism() - 1))} (the default)`;
  console.log(`Pool threads: ${threads}; pdftotext: ${pdftotextTools()?.pdftotext ?? 'not installed'}`);
  const manuals = manualPdfs(options.dir, work);
  if (manuals.length > 0) benchCorpus('manuals', manuals, work);
  else console.log(`\nNo PDFs under ${options.dir}: the manuals are left out.`);
  const letters = Number(options.letters);
  if (letters > 0) benchCorpus('letters', await letterPdfs(letters, work), work);
} finally {
  rmSync(work, { recursive: true, force: true });
}
