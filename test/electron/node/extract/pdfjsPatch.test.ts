// pdf.js as installed carries Shingle's patch (scripts/patches, applied by npm install's
// postinstall): each glyph's position is computed without three arrays a call. The patch must
// not move any text: its numbers are pdf.js's own composition of the same matrices.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operatorsPdf } from './pdfFixtures.ts';

const pdfjsRoot = dirname(createRequire(import.meta.resolve('pdf-parse')).resolve('pdfjs-dist/package.json'));
const pdfjsUrl = new URL(`file://${join(pdfjsRoot, 'legacy/build/pdf.mjs')}`).href;

interface Pdfjs {
  getDocument(options: object): { promise: Promise<PdfDocument>; destroy(): Promise<void> };
  Util: { transform(a: number[], b: number[]): number[] };
}
interface PdfDocument {
  getPage(n: number): Promise<{ getTextContent(): Promise<{ items: { str?: string; transform?: number[] }[] }> }>;
}

describe("pdf.js's text positions (scripts/patches)", () => {
  it('are patched in the installed pdf.js', async () => {
    const worker = await readFile(join(pdfjsRoot, 'legacy/build/pdf.worker.mjs'), 'utf8');
    expect(worker.includes('Shingle (scripts/patches)'), 'run `npm install`: its postinstall applies scripts/patches').toBe(true);
  });

  it("are pdf.js's own composition of the graphics and text matrices, number for number", async () => {
    const pdfjs = (await import(pdfjsUrl)) as Pdfjs;
    // A rotated and scaled page matrix, a skewed text matrix, horizontal scaling and text rise:
    // every term of the composition is used, none is 0 or 1.
    const ctm = [0.8, 0.3, -0.3, 0.8, 50.5, 60.25];
    const textMatrix = [1.1, 0.2, 0.15, 0.9, 100.3, 200.7];
    const fontSize = 12;
    const hScale = 0.9;
    const rise = 2.5;
    const pdf = operatorsPdf(`q ${ctm.join(' ')} cm BT /F1 ${fontSize} Tf ${hScale * 100} Tz ${rise} Ts ${textMatrix.join(' ')} Tm (Hello) Tj ET Q`);
    const task = pdfjs.getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, useSystemFonts: false, disableFontFace: true, verbosity: 0 });
    try {
      const page = await (await task.promise).getPage(1);
      const items = (await page.getTextContent()).items.filter((item) => item.str === 'Hello');
      const expected = pdfjs.Util.transform(ctm, pdfjs.Util.transform(textMatrix, [fontSize * hScale, 0, 0, fontSize, 0, rise]));
      expect(items.map((item) => item.transform)).toEqual([expected]);
    } finally {
      await task.destroy();
    }
  });
});
