// `--ocr-lang`: tesseract's `deu+eng`, in the language list's order, implying --ocr; a code not
// listed is bad usage in one line that names the codes. The report says the languages, and
// `apply` checks a scan in them. OCR costs seconds a page: one one-page scan, read twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../../../electron/node/cli/harness.ts';
import { parseOcrLanguages, parseScanArgs, scanUsage } from '../../../../electron/node/cli/scanArgs.ts';
import { ocrLanguages } from '../../../../shared/ocrLanguages.ts';
import type { ScanReport } from '../../../../shared/report.ts';
import { GERMAN_LETTER } from '../../../helpers/germanLetter.ts';
import { runCli } from '../../../helpers/runCli.ts';
import { scannedPdf } from '../../../helpers/scanDocuments.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { deleteScanOfLetter } from './scanCleanup.ts';

const scan = (...args: string[]) => parseScanArgs(['.', ...args], '/tmp').options;

describe('--ocr-lang', () => {
  it('takes the languages in tesseract\'s notation, each once, in the list\'s order', () => {
    expect(parseOcrLanguages('deu')).toEqual(['deu']);
    expect(parseOcrLanguages('fra+eng')).toEqual(['eng', 'fra']);
    expect(parseOcrLanguages('nld,deu+nld')).toEqual(['deu', 'nld']);
  });

  it('reads scans: it implies --ocr, and cannot go with --no-ocr', () => {
    expect(scan('--ocr-lang', 'deu+eng')).toMatchObject({ ocr: true, ocrLanguages: ['eng', 'deu'] });
    expect(scan('--ocr', '--ocr-lang=spa')).toMatchObject({ ocr: true, ocrLanguages: ['spa'] });
    expect(() => scan('--ocr-lang', 'deu', '--no-ocr')).toThrow(new UsageError('--ocr-lang reads scans: it cannot go with --no-ocr'));
  });

  it('leaves the languages to the default (English) when not given', () => {
    expect(scan('--ocr')).not.toHaveProperty('ocrLanguages');
    expect(scan()).not.toHaveProperty('ocr');
  });

  it('refuses a language it has no data for, or none, naming the codes', () => {
    expect(() => parseOcrLanguages('deu+xyz')).toThrow(new UsageError("--ocr-lang: 'xyz' is not one of eng, deu, fra, spa, ita, por, nld"));
    expect(() => parseOcrLanguages('deu+')).toThrow(/names no language; one or more of eng, deu/);
  });

  it('lists every language in the help', () => {
    for (const { code, name } of ocrLanguages) expect(scanUsage).toContain(`${code} ${name}`);
  });

  it('is bad usage through the real command: exit 2, one line', async () => {
    const result = await runCli(['scan', '.', '--ocr-lang', 'klingon']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe("shingle scan: --ocr-lang: 'klingon' is not one of eng, deu, fra, spa, ita, por, nld\n");
  });
});

describe('a scan read in German', () => {
  let tree: TempTree;
  beforeAll(async () => {
    tree = await createTempTree({ 'Briefe/Brief.txt': GERMAN_LETTER.join('\n'), 'Briefe/Brief Scan.pdf': await scannedPdf([GERMAN_LETTER]) });
  });
  afterAll(() => tree.remove());

  it('is reported with its languages, and checked in them before a clean-up removes it', async () => {
    const scanned = await runCli(['scan', tree.path('Briefe'), '--json', '--no-index', '--ocr-lang', 'deu']);
    expect(scanned.code).toBe(0);
    const report = JSON.parse(scanned.stdout) as ScanReport;
    expect(report.ocrLanguages).toEqual(['deu']);
    expect(report.clusters.map((c) => c.files.map((f) => [f.path, f.scanned ?? false]))).toEqual([
      [
        [tree.path('Briefe/Brief.txt'), false],
        [tree.path('Briefe/Brief Scan.pdf'), true],
      ],
    ]);

    // Read again in English, its umlauts lost, the scan would resemble the letter less than the report claims.
    await deleteScanOfLetter(tree, scanned.stdout, 'Briefe/Brief.txt', 'Briefe/Brief Scan.pdf');
  });
});
