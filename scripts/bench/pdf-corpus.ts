// bench:pdf's corpora. "manuals": every .pdf and .pdf.gz under a folder (/usr/share by default),
// PDFs nobody here wrote, mostly of 130 KB-1.4 MB. "letters": small PDFs (1-12 KiB, read
// by PDFium even where pdftotext is installed) typeset from real text nobody here wrote, the copyright
// files of Debian's packages, as bench:near makes its PDFs (pdf-lib, Helvetica, folios).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { renderPdf } from '../near/render.ts';
import { regularFiles } from '../near/sources.ts';

/** The manuals' paths; compressed ones are unpacked into `work`. */
export function manualPdfs(dir: string, work: string): string[] {
  return regularFiles(dir)
    .filter((path) => /\.pdf(\.gz)?$/i.test(path))
    .sort()
    .map((path, i) => {
      if (!path.endsWith('.gz')) return path;
      const unpacked = join(work, `${i}-${basename(path, '.gz')}`);
      writeFileSync(unpacked, gunzipSync(readFileSync(path)));
      return unpacked;
    });
}

// Copyright files longer than this would make PDFs above the pdftotext threshold.
const MAX_LETTER_CHARS = 12_000;

/** `count` small PDFs written into `work`, from copyright files spread evenly over the sorted list. */
export async function letterPdfs(count: number, work: string, docRoot = '/usr/share/doc'): Promise<string[]> {
  const texts = readdirSync(docRoot)
    .sort()
    .map((name) => {
      try {
        return readFileSync(join(docRoot, name, 'copyright'), 'utf8');
      } catch {
        return '';
      }
    })
    .filter((text) => text.length >= 400 && text.length <= MAX_LETTER_CHARS);
  const step = Math.max(1, texts.length / count);
  const paths: string[] = [];
  for (let i = 0; paths.length < count && Math.floor(i * step) < texts.length; i++) {
    const { bytes } = await renderPdf(texts[Math.floor(i * step)]!, { reflow: i % 2 === 0, pageNumbers: 'number', fontSize: 10 });
    const path = join(work, `letter-${i}.pdf`);
    writeFileSync(path, bytes);
    paths.push(path);
  }
  return paths;
}
