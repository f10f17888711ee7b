// `npm run bench:ocr`: reading scans with OCR. Real documents (the PDFs under --dir, default
// /usr/share, and the licence texts of /usr/share/common-licenses set as born-digital PDFs with
// pdf-lib), cut to their first --pages pages, are "scanned": rendered to grey page images at 150
// and 300 dpi by poppler's pdftoppm (apt-get install poppler-utils) and wrapped as image-only PDFs.
//   1. OCR alone: each scan read by scannedPdfText in this process; CPU seconds per page (user +
//      system of the whole process, all its threads) and peak RSS.
//   2. A scan with OCR of the sources and their scans together (runScan, no index), at the default
//      threshold: recall is the share of scans whose cluster holds their source and nothing of
//      another family; a false claim is a cluster joining a scan to another family's files. A
//      family is the documents whose born-digital texts resemble each other at or above the
//      threshold (exact, on their word shingles): two versions of one licence are one.
// Goals (issue 27): at most 3 CPU-s a page, recall at least 0.95, no false claim.
//
//   node scripts/bench-ocr.ts [--dir DIR] [--docs 8] [--pages 2]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { stopOcr } from '../electron/node/extract/ocrEngine.ts';
import { pdfText } from '../electron/node/extract/pdfText.ts';
import { scannedPdfText } from '../electron/node/extract/scannedPdfText.ts';
import { runScan } from '../electron/node/scan/scanService.ts';
import { defaultScanOptions } from '../shared/scanOptions.ts';
import { jaccard } from '../shared/fingerprint/jaccard.ts';
import { chunkSet } from '../shared/fingerprint/shingles.ts';
import { machineInfo } from './bench/measure.ts';
import { regularFiles } from './near/sources.ts';

const { values: options } = parseArgs({
  options: {
    dir: { type: 'string', default: '/usr/share' },
    docs: { type: 'string', default: '8' },
    pages: { type: 'string', default: '2' },
  },
});
const wantedDocs = Number(options.docs);
const pagesPerDoc = Number(options.pages);
const DPIS = [150, 300];
const LICENCES = '/usr/share/common-licenses';
// A source needs this many words on its pages to be worth comparing (claimRules' minimum is lower).
const MIN_WORDS = 150;

if (spawnSync('pdftoppm', ['-v']).error) {
  console.error('bench:ocr needs pdftoppm to render pages as a scanner would: apt-get install poppler-utils');
  process.exit(1);
}

/** A text set on A4 pages in Helvetica, as a word processor's PDF export would. */
async function textPdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  // Helvetica's encoding is WinAnsi: other characters become spaces.
  const lines = text.replace(/[^\x20-\x7e\n\u00a0-\u00ff]/g, ' ').split('\n').flatMap((line) => wrap(line, 95));
  for (let start = 0; start < lines.length; start += 60) {
    const page = doc.addPage([595, 842]);
    lines.slice(start, start + 60).forEach((line, i) => page.drawText(line, { x: 40, y: 800 - i * 12.5, size: 10, font }));
  }
  return doc.save();
}

function wrap(line: string, width: number): string[] {
  const out: string[] = [];
  let rest = line.trimEnd();
  while (rest.length > width) {
    const cut = rest.lastIndexOf(' ', width) > 0 ? rest.lastIndexOf(' ', width) : width;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
  }
  out.push(rest);
  return out;
}

/** The first pages of a PDF, as a PDF of its own (born-digital: the text layer is kept). */
async function firstPages(bytes: Uint8Array, count: number): Promise<Uint8Array | null> {
  try {
    const source = await PDFDocument.load(bytes, { ignoreEncryption: false });
    const doc = await PDFDocument.create();
    const pages = await doc.copyPages(source, [...Array(Math.min(count, source.getPageCount())).keys()]);
    for (const page of pages) doc.addPage(page);
    return await doc.save();
  } catch {
    return null;
  }
}

/** The PDF's pages as grey PNGs at `dpi` (pdftoppm), wrapped as an image-only PDF of the same page sizes. */
async function scanOf(pdfPath: string, dpi: number, scratch: string): Promise<Uint8Array> {
  const prefix = join(scratch, `page-${dpi}`);
  const rendered = spawnSync('pdftoppm', ['-gray', '-png', '-r', String(dpi), pdfPath, prefix], { encoding: 'utf8' });
  if (rendered.status !== 0) throw new Error(`pdftoppm failed on ${pdfPath}: ${rendered.stderr}`);
  const doc = await PDFDocument.create();
  for (const name of readdirSync(scratch).filter((n) => n.startsWith(`page-${dpi}`)).sort()) {
    const image = await doc.embedPng(readFileSync(join(scratch, name)));
    const width = (image.width / dpi) * 72;
    const height = (image.height / dpi) * 72;
    doc.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
    rmSync(join(scratch, name));
  }
  return doc.save();
}

const work = mkdtempSync(join(tmpdir(), 'shingle-bench-ocr-'));
try {
  console.log(machineInfo(work).join('\n'));
  // Sources: real PDFs first, then licence texts, each with enough words on its first pages.
  const candidates = [
    ...regularFiles(options.dir).filter((path) => path.endsWith('.pdf')).sort().map((path) => ({ name: basename(path, '.pdf'), bytes: async () => new Uint8Array(readFileSync(path)) })),
    ...regularFiles(LICENCES).sort().map((path) => ({ name: `licence-${basename(path)}`, bytes: () => textPdf(readFileSync(path, 'latin1')) })),
  ];
  const docs: { id: number; name: string; source: string; scans: string[]; pages: number; shingles: Uint32Array }[] = [];
  mkdirSync(join(work, 'tree'));
  for (const candidate of candidates) {
    if (docs.length >= wantedDocs) break;
    const cut = await firstPages(await candidate.bytes(), pagesPerDoc);
    if (cut === null) continue;
    // A copy: pdf.js takes over the buffer it reads.
    const text = await pdfText(cut.slice()).catch(() => '');
    const words = text.split(/\s+/).filter(Boolean).length;
    if (words < MIN_WORDS) continue;
    const id = docs.length;
    const source = join(work, 'tree', `doc${id}-${candidate.name}.pdf`);
    writeFileSync(source, cut);
    const scratch = mkdtempSync(join(work, 'pages-'));
    const scans: string[] = [];
    for (const dpi of DPIS) {
      const scan = join(work, 'tree', `doc${id}-${candidate.name} scan ${dpi}dpi.pdf`);
      writeFileSync(scan, await scanOf(source, dpi, scratch));
      scans.push(scan);
    }
    rmSync(scratch, { recursive: true });
    docs.push({ id, name: candidate.name, source, scans, pages: (await PDFDocument.load(cut)).getPageCount(), shingles: chunkSet(text, 'words') });
  }
  const scanCount = docs.length * DPIS.length;
  const pageCount = docs.reduce((sum, doc) => sum + doc.pages * DPIS.length, 0);
  console.log(`\n${docs.length} documents, ${scanCount} scans (${DPIS.join(' and ')} dpi), ${pageCount} scanned pages`);

  // 1. OCR alone.
  for (const dpi of DPIS) {
    const before = process.cpuUsage();
    let pages = 0;
    for (const doc of docs) {
      await scannedPdfText(new Uint8Array(readFileSync(doc.scans[DPIS.indexOf(dpi)]!)));
      pages += doc.pages;
    }
    const used = process.cpuUsage(before);
    console.log(`OCR alone at ${dpi} dpi: ${((used.user + used.system) / 1e6 / pages).toFixed(2)} CPU-s per page over ${pages} pages (the first includes starting tesseract)`);
  }
  await stopOcr();

  // 2. A scan with OCR: recall and false claims.
  const before = process.cpuUsage();
  const started = performance.now();
  const report = await runScan({ ...defaultScanOptions, roots: [join(work, 'tree')], ocr: true });
  const used = process.cpuUsage(before);
  // Each document's family: the lowest id among the documents its source text resembles (and theirs).
  const family = docs.map((doc) => doc.id);
  for (const a of docs) for (const b of docs) if (a.id < b.id && jaccard(a.shingles, b.shingles) >= defaultScanOptions.threshold) family[b.id] = family[a.id]!;
  const sharing = docs.filter((doc) => family[doc.id] !== doc.id).map((doc) => `${doc.name} with ${docs[family[doc.id]!]!.name}`);
  if (sharing.length > 0) console.log(`Families (sources at or above the threshold): ${sharing.join('; ')}`);
  const docOf = new Map(docs.flatMap((doc) => [doc.source, ...doc.scans].map((path) => [path, family[doc.id]!] as const)));
  let found = 0;
  const missed: string[] = [];
  let falseClaims = 0;
  for (const cluster of report.clusters) {
    const ids = new Set(cluster.files.map((file) => docOf.get(file.path)));
    if (ids.size > 1 && cluster.files.some((file) => file.scanned)) falseClaims++;
  }
  for (const doc of docs) {
    for (const scan of doc.scans) {
      const cluster = report.clusters.find((c) => c.files.some((file) => file.path === scan));
      const ok = cluster !== undefined && cluster.files.some((file) => file.path === doc.source) && cluster.files.every((file) => docOf.get(file.path) === family[doc.id]);
      if (ok) found++;
      else missed.push(`${basename(scan)}: ${cluster ? `in a cluster of ${cluster.files.map((f) => basename(f.path)).join(', ')}` : 'in no cluster'}`);
    }
  }
  const figures = report.clusters.flatMap((c) => c.files.filter((file) => file.scanned && file.similarity !== undefined).map((file) => file.similarity!));
  console.log(
    `Scan with OCR (threshold ${defaultScanOptions.threshold}): ${((performance.now() - started) / 1000).toFixed(1)} s, ${((used.user + used.system) / 1e6).toFixed(1)} CPU-s ` +
      `(${((used.user + used.system) / 1e6 / pageCount).toFixed(2)} per scanned page, reading included)`,
  );
  console.log(`Recall ${(found / scanCount).toFixed(3)} (${found} of ${scanCount}), false claims ${falseClaims}; scans' figures ${figures.length ? `${Math.min(...figures)}–${Math.max(...figures)}` : 'none'}`);
  for (const line of missed) console.log(`  missed: ${line}`);
  for (const error of report.errors) console.log(`  error: ${basename(error.path)}: ${error.code} ${error.message}`);
  console.log(`Peak RSS of this process (all threads): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
