// Word-processor and e-book formats: which names they go by, and the reader of each. Every reader
// checks its own signature, so detectFormat lets these through on the name alone.
import type { DocumentFormat } from '../../../shared/report.ts';

export type PackagedFormat = Extract<DocumentFormat, 'docx' | 'odt' | 'rtf' | 'epub'>;

export const PACKAGED_EXTENSIONS: ReadonlyMap<string, PackagedFormat> = new Map([
  ['.docx', 'docx'],
  ['.docm', 'docx'],
  ['.odt', 'odt'],
  ['.rtf', 'rtf'],
  ['.epub', 'epub'],
]);

export function isPackagedFormat(format: DocumentFormat): format is PackagedFormat {
  return format === 'docx' || format === 'odt' || format === 'rtf' || format === 'epub';
}

type Reader = (bytes: Uint8Array) => string | Promise<string>;

// Imported on first use, like pdf.js: a worker that meets no such file never loads the unzipper.
const LOADERS: Record<PackagedFormat, () => Promise<Reader>> = {
  docx: async () => (await import('./officeText.ts')).docxText,
  odt: async () => (await import('./officeText.ts')).odtText,
  rtf: async () => (await import('./rtfText.ts')).rtfText,
  epub: async () => (await import('./epubText.ts')).epubText,
};

const loaded = new Map<PackagedFormat, Promise<Reader>>();

/** The text of a document in one of these formats. Throws ExtractError for corrupt, encrypted or oversized files. */
export async function packagedDocumentText(format: PackagedFormat, bytes: Uint8Array): Promise<string> {
  let reader = loaded.get(format);
  if (!reader) loaded.set(format, (reader = LOADERS[format]()));
  return (await reader)(bytes);
}
