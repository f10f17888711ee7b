// The languages this process's scans are read in with OCR. A scan's settings choose them
// (createScanPools, scanPools.ts); every pool made later that reads a scan again with OCR and is not told its
// languages (the claims checked and the figures measured, the text shown side by side, the check
// before an action) reads in the same ones: the text it reads is the one the scan compared.
import { DEFAULT_OCR_LANGUAGES, ocrLanguageSet } from '../../../shared/ocrLanguages.ts';
import type { OcrLanguage } from '../../../shared/ocrLanguages.ts';

let chosen: readonly OcrLanguage[] = DEFAULT_OCR_LANGUAGES;

/** The scan about to run reads in `languages` (the default when none). */
export function chooseOcrLanguages(languages: readonly OcrLanguage[] | undefined): void {
  chosen = ocrLanguageSet(languages);
}

export const chosenOcrLanguages = (): readonly OcrLanguage[] => chosen;
