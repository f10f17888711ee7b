// The languages OCR reads scans in: one list for the CLI (--ocr-lang), the app's settings, the
// contract's schema and the engine. Each is the trained data of the npm package
// @tesseract.js-data/<code> (MIT), a dependency of Shingle: nothing is downloaded at run time.
// Chosen for the people most likely to keep scans of letters and forms on a desktop, in the
// Latin-script languages with the most speakers in Europe and the Americas: each adds ~1-3 MB of
// data read and ~6-10 MB installed (the package also holds a legacy model Shingle does not read).
// Scripts other than Latin are left out until their words are known to fingerprint well.

export const ocrLanguages = [
  { code: 'eng', name: 'English' },
  { code: 'deu', name: 'German' },
  { code: 'fra', name: 'French' },
  { code: 'spa', name: 'Spanish' },
  { code: 'ita', name: 'Italian' },
  { code: 'por', name: 'Portuguese' },
  { code: 'nld', name: 'Dutch' },
] as const;

export type OcrLanguage = (typeof ocrLanguages)[number]['code'];

export const ocrLanguageCodes = ocrLanguages.map((language) => language.code) as [OcrLanguage, ...OcrLanguage[]];

/** What a scan reads in when nothing was chosen. */
export const DEFAULT_OCR_LANGUAGES: readonly OcrLanguage[] = ['eng'];

/** The npm package holding a language's trained data. */
export const ocrDataPackage = (code: OcrLanguage) => `@tesseract.js-data/${code}`;

export const isOcrLanguage = (code: string): code is OcrLanguage => (ocrLanguageCodes as readonly string[]).includes(code);

/**
 * The chosen languages in one order, the list's, each once; the default when none: the same
 * choice is the same tesseract model set, and the same key of its cached readings.
 */
export function ocrLanguageSet(chosen: readonly OcrLanguage[] | undefined): OcrLanguage[] {
  const set = ocrLanguageCodes.filter((code) => chosen?.includes(code));
  return set.length > 0 ? set : [...DEFAULT_OCR_LANGUAGES];
}

/** A set in tesseract's own notation, `eng+deu`: how the CLI takes it and tesseract loads it. */
export const ocrLanguageText = (set: readonly OcrLanguage[]) => set.join('+');

/**
 * The chosen languages as ocrLanguageSet orders them, or undefined when they are the default: what
 * keys a reading or an analysis by its languages, English alone keeping the key it had before
 * languages could be chosen.
 */
export function chosenOtherThanDefault(chosen: readonly OcrLanguage[] | undefined): OcrLanguage[] | undefined {
  const set = ocrLanguageSet(chosen);
  return ocrLanguageText(set) === ocrLanguageText(DEFAULT_OCR_LANGUAGES) ? undefined : set;
}
