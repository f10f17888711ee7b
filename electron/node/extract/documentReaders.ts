// Word-processor, e-book, slide, spreadsheet and mail formats: which names they go by, and the
// reader of each. Every reader checks its own signature; detectFormat refuses a file without the
// fixed signature its format begins with (packageSignatures.ts) and lets the rest through by name.
import type { DocumentFormat } from '../../../shared/report.ts';

export type PackagedFormat = Extract<DocumentFormat, 'docx' | 'odt' | 'rtf' | 'epub' | 'doc' | 'pptx' | 'odp' | 'xlsx' | 'ods' | 'eml'>;

export const PACKAGED_EXTENSIONS: ReadonlyMap<string, PackagedFormat> = new Map([
  ['.docx', 'docx'],
  ['.docm', 'docx'],
  ['.odt', 'odt'],
  ['.rtf', 'rtf'],
  ['.epub', 'epub'],
  ['.doc', 'doc'],
  ['.pptx', 'pptx'],
  ['.pptm', 'pptx'],
  ['.ppsx', 'pptx'],
  ['.odp', 'odp'],
  ['.xlsx', 'xlsx'],
  ['.xlsm', 'xlsx'],
  ['.ods', 'ods'],
  ['.eml', 'eml'],
]);

const PACKAGED_FORMATS: ReadonlySet<DocumentFormat> = new Set(PACKAGED_EXTENSIONS.values());

export function isPackagedFormat(format: DocumentFormat): format is PackagedFormat {
  return PACKAGED_FORMATS.has(format);
}

type Reader = (bytes: Uint8Array) => string | Promise<string>;

// Imported on first use, like pdf.js: a worker that meets no such file never loads the unzipper.
const LOADERS: Record<PackagedFormat, () => Promise<Reader>> = {
  docx: async () => (await import('./officeText.ts')).docxText,
  odt: async () => (await import('./officeText.ts')).odtText,
  rtf: async () => (await import('./rtfText.ts')).rtfText,
  epub: async () => (await import('./epubText.ts')).epubText,
  doc: async () => (await import('./wordBinaryText.ts')).docText,
  pptx: async () => (await import('./slidesText.ts')).pptxText,
  odp: async () => (await import('./slidesText.ts')).odpText,
  xlsx: async () => (await import('./spreadsheetText.ts')).xlsxText,
  ods: async () => (await import('./spreadsheetText.ts')).odsText,
  eml: async () => (await import('./mailText.ts')).emlText,
};

const loaded = new Map<PackagedFormat, Promise<Reader>>();

/** The text of a document in one of these formats. Throws ExtractError for corrupt, encrypted or oversized files. */
export async function packagedDocumentText(format: PackagedFormat, bytes: Uint8Array): Promise<string> {
  let reader = loaded.get(format);
  if (!reader) loaded.set(format, (reader = LOADERS[format]()));
  return (await reader)(bytes);
}
