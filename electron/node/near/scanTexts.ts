// The texts OCR read of scans during one scan, by the path read. OCR takes seconds a page: the
// fingerprint step reads each scan, and the claims' checks and the clusters' descriptions take its
// text from here rather than read the scan a second time. Kept in memory for the scan only (never
// in the index), and up to a budget: past it a scan's text is not kept and a check reads it again.

/** Characters kept at most: some 16k pages of text, 128 MB as JavaScript strings hold them. */
export const SCAN_TEXT_BUDGET = 64 * 2 ** 20;

export interface ScanTexts {
  keep(path: string, text: string): void;
  get(path: string): string | undefined;
}

export function createScanTexts(budget = SCAN_TEXT_BUDGET): ScanTexts {
  const texts = new Map<string, string>();
  let chars = 0;
  return {
    keep(path, text) {
      const before = texts.get(path)?.length ?? 0;
      if (chars - before + text.length > budget) return;
      texts.set(path, text);
      chars += text.length - before;
    },
    get: (path) => texts.get(path),
  };
}
