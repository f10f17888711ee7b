// Which files Shingle offers to open with the system's default app: an allowlist of document
// extensions, per format Shingle reads. Opening runs whatever the system associates with a file,
// and for programs and scripts (.exe, .py, .sh, .chm, .xll, .library-ms, an extensionless
// executable…) that is the file itself, so anything not listed here is only shown in its folder.
// Some formats Shingle reads as text are code the system would run (.py, .js, .ps1, .bat): they
// are left out on purpose. A new document format must say here which of its extensions open.
import type { DocumentFormat } from './contract/vocabulary.ts';

export const OPENABLE_EXTENSIONS: Record<DocumentFormat, readonly string[]> = {
  text: ['.txt', '.text', '.md', '.markdown', '.rst', '.adoc', '.asciidoc', '.org', '.tex', '.csv', '.tsv', '.log'],
  html: ['.html', '.htm', '.xhtml'],
  pdf: ['.pdf'],
  // The macro-free Office Open XML name only (.docm, .dotm can carry macros and are not read).
  docx: ['.docx'],
  odt: ['.odt'],
  rtf: ['.rtf'],
  epub: ['.epub'],
  doc: ['.doc'],
  // Like .docm, the macro-enabled .pptm and .xlsm are read but not offered to open.
  pptx: ['.pptx', '.ppsx'],
  odp: ['.odp'],
  xlsx: ['.xlsx'],
  ods: ['.ods'],
  eml: ['.eml'],
  tiff: ['.tif', '.tiff'],
};

const openable = new Set(Object.values(OPENABLE_EXTENSIONS).flat());

/** The lower-cased extension of a path's last segment ('' for none, or a dot-file's own name). */
function extensionOf(path: string): string {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** Whether the app offers Open for this file (otherwise it offers Reveal only). */
export function isOpenable(path: string): boolean {
  return openable.has(extensionOf(path));
}
