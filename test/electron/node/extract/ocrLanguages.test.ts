// OCR in the languages chosen: every listed language's data is there, the tesseract worker is
// replaced when the languages change, and a pool not told its languages reads in the current
// scan's. A German letter tells them apart: English data reads "für" as "fur". OCR costs seconds
// a page: three one-page readings.
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExtractPool } from '../../../../electron/node/extract/extractPool.ts';
import { chooseOcrLanguages, chosenOcrLanguages } from '../../../../electron/node/extract/ocrLanguageChoice.ts';
import { stopOcr, useOcrLanguages } from '../../../../electron/node/extract/ocrEngine.ts';
import { scannedTiffText } from '../../../../electron/node/extract/scannedTiffText.ts';
import { DEFAULT_OCR_LANGUAGES, ocrDataPackage, ocrLanguages } from '../../../../shared/ocrLanguages.ts';
import { GERMAN_LETTER } from '../../../helpers/germanLetter.ts';
import { scannedPdf, tiffScan } from '../../../helpers/scanDocuments.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

const GERMAN_WORDS = ['für', 'Größe', 'Übersicht', 'äußerte', 'Straße', 'Grüßen', 'München'];

let tree: TempTree;
beforeAll(async () => {
  tree = await createTempTree({ 'Briefe/Brief.pdf': await scannedPdf([GERMAN_LETTER]) });
});
afterAll(async () => {
  chooseOcrLanguages(undefined);
  await useOcrLanguages(undefined);
  await stopOcr();
  await tree.remove();
});

describe('the languages', () => {
  it('each come from a package Shingle depends on, with the model OCR reads', async () => {
    const require = createRequire(import.meta.url);
    const { dependencies } = JSON.parse(await readFile(join(import.meta.dirname, '../../../../package.json'), 'utf8')) as { dependencies: Record<string, string> };
    for (const { code } of ocrLanguages) {
      expect(dependencies).toHaveProperty([ocrDataPackage(code)]);
      const folder = dirname(require.resolve(`${ocrDataPackage(code)}/package.json`));
      expect((await stat(join(folder, '4.0.0_best_int', `${code}.traineddata.gz`))).size).toBeGreaterThan(100_000);
    }
  });
});

describe('the OCR engine', () => {
  it('reads in the languages it is told, and replaces its worker when they change', async () => {
    const scan = tiffScan(GERMAN_LETTER);
    await useOcrLanguages(['eng']);
    const english = await scannedTiffText(scan);
    await useOcrLanguages(['deu']);
    const german = await scannedTiffText(scan);
    for (const word of GERMAN_WORDS) expect(german).toContain(word);
    // English data has no umlauts to read: the same page comes out without them.
    expect(GERMAN_WORDS.filter((word) => english.includes(word))).toEqual([]);
    expect(english).toMatch(/\bfur\b/);
  });
});

describe('the extraction workers', () => {
  it('read in the current scan\'s languages when the pool is not told its own', async () => {
    expect(chosenOcrLanguages()).toEqual(DEFAULT_OCR_LANGUAGES);
    chooseOcrLanguages(['deu', 'eng']);
    const pool = createExtractPool({ threads: 1, ocr: true });
    try {
      const read = await pool.extract(tree.path('Briefe/Brief.pdf'));
      expect(read).toMatchObject({ ok: true, scanned: true });
      for (const word of GERMAN_WORDS) expect((read as { text: string }).text).toContain(word);
    } finally {
      chooseOcrLanguages(undefined);
      await pool.destroy();
    }
  });
});
