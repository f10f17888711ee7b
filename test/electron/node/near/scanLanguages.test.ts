// A scan read in one set of languages is cached apart from its reading in another: a German letter
// read with English data (no umlauts) is not taken for its reading with German data, which matches
// the letter's text better. OCR costs seconds a page: one one-page scan, read twice.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { stopOcr } from '../../../../electron/node/extract/ocrEngine.ts';
import { createMemoryCache } from '../../../../electron/node/index/memoryCache.ts';
import { ocrSettingsKey } from '../../../../electron/node/near/findNearDuplicates.ts';
import { runScan } from '../../../../electron/node/scan/scanService.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import { GERMAN_LETTER } from '../../../helpers/germanLetter.ts';
import { scannedPdf } from '../../../helpers/scanDocuments.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

let tree: TempTree;
beforeAll(async () => {
  tree = await createTempTree({ 'Briefe/Brief.txt': GERMAN_LETTER.join('\n'), 'Briefe/Brief Scan.pdf': await scannedPdf([GERMAN_LETTER]) });
});
afterAll(async () => {
  await stopOcr();
  await tree.remove();
});

it('keys a reading by its languages; English alone keeps the key it had before they could be chosen', () => {
  expect(ocrSettingsKey('v9/words/minhash')).toBe('v9/words/minhash+ocr');
  expect(ocrSettingsKey('v9/words/minhash', ['eng'])).toBe('v9/words/minhash+ocr');
  expect(ocrSettingsKey('v9/words/minhash', ['deu', 'eng'])).toBe('v9/words/minhash+ocr:eng+deu');
  expect(ocrSettingsKey('v9/words/minhash', ['deu'])).not.toBe(ocrSettingsKey('v9/words/minhash', ['fra']));
});

it('reads a scan again in other languages rather than take its English reading for a German one', async () => {
  const cache = createMemoryCache();
  const options = { ...defaultScanOptions, roots: [tree.path('Briefe')], ocr: true, folders: false };
  const similarity = (report: Awaited<ReturnType<typeof runScan>>) => report.clusters.find((c) => c.files.some((file) => file.scanned))?.similarity ?? 0;

  const english = await runScan(options, { cache });
  const german = await runScan({ ...options, ocrLanguages: ['deu'] }, { cache });
  expect(german.errors).toEqual([]);
  expect(german.stats.filesRead).toBeGreaterThan(0);
  expect(similarity(german)).toBeGreaterThan(similarity(english));

  // Each reading is kept: a rescan in either set of languages reads nothing.
  const germanAgain = await runScan({ ...options, ocrLanguages: ['deu'] }, { cache });
  expect(germanAgain.stats.filesRead).toBe(0);
  expect(similarity(germanAgain)).toBe(similarity(german));
  const englishAgain = await runScan(options, { cache });
  expect(englishAgain.stats.filesRead).toBe(0);
  expect(similarity(englishAgain)).toBe(similarity(english));
});
