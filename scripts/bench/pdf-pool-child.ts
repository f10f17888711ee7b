// bench:pdf's measured process: extracts every listed PDF `runs` times through one extraction pool
// and writes the first run's results to a file. It imports nothing but the pool, and the texts are
// compared by the parent (scripts/bench-pdf.ts), so its CPU is extraction's alone: node's start,
// the pool, pdf.js or the pdftotext children it starts.
//
//   node scripts/bench/pdf-pool-child.ts WAY LIST RUNS RESULTS [THREADS]
//   WAY: pdfjs (pdf.js alone), pdfium (PDFium alone) or default (as a scan runs)
import { readFileSync, writeFileSync } from 'node:fs';
import { createExtractPool } from '../../electron/node/extract/extractPool.ts';
import type { ExtractResult } from '../../electron/node/extract/extractProtocol.ts';
import { PDF_READER_ENV } from '../../electron/node/extract/pdfText.ts';
import { PDFTOTEXT_ENV } from '../../electron/node/extract/pdftotextText.ts';

export type PdfWay = 'pdfjs' | 'pdfium' | 'default';

export interface PdfPoolChildReport {
  /** The first run's result for each listed file, in list order. */
  results: ExtractResult<{ text: string }>[];
  wallSeconds: number;
}

const [way, list, runs, resultsFile, threads] = process.argv.slice(2) as [PdfWay, string, string, string, string | undefined];
// Set before the pool starts: each worker looks pdftotext up once, in its own environment copy.
if (way !== 'default') process.env[PDFTOTEXT_ENV] = 'off';
if (way === 'pdfjs') process.env[PDF_READER_ENV] = 'pdfjs';
const paths = readFileSync(list, 'utf8').split('\n').filter(Boolean);
const pool = createExtractPool(threads ? { threads: Number(threads) } : {});
const started = performance.now();
let first: PdfPoolChildReport['results'] = [];
try {
  for (let run = 0; run < Number(runs); run++) {
    const results = await Promise.all(paths.map((path) => pool.extract(path)));
    if (run === 0) first = results;
  }
} finally {
  await pool.destroy();
}
const report: PdfPoolChildReport = { results: first, wallSeconds: (performance.now() - started) / 1000 };
writeFileSync(resultsFile, JSON.stringify(report));
