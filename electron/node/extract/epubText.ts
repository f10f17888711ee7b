// EPUB e-books: the text of the reading order (the package's spine), each chapter read as HTML.
// The navigation document is left out: a table of contents repeats headings, and the book's
// other copies (a PDF, a .txt) rarely have one in the same form.
import { posix } from 'node:path';
import { ExtractError, ExtractErrorCode } from './extractError.ts';
import { htmlFileText } from './htmlText.ts';
import { xmlElements, xmlPartText } from './xmlText.ts';
import { readZipParts, requiredPart } from './zipPackage.ts';
import { FORMAT_KINDS } from './packageSignatures.ts';

const EPUB = FORMAT_KINDS.epub;
const CONTAINER = 'META-INF/container.xml';
const ENCRYPTION = 'META-INF/encryption.xml';
const HTML_TYPES = new Set(['application/xhtml+xml', 'text/html']);

/** The text of an .epub file's bytes, chapter after chapter. */
export function epubText(bytes: Uint8Array): string {
  const meta = readZipParts(bytes, EPUB, (name) => name === CONTAINER || name === ENCRYPTION);
  const packagePath = packageDocumentPath(xmlPartText(requiredPart(meta, CONTAINER, EPUB), CONTAINER, EPUB));
  const packageDocument = requiredPart(readZipParts(bytes, EPUB, (name) => name === packagePath), packagePath, EPUB);
  const chapters = readingOrder(xmlPartText(packageDocument, packagePath, EPUB), posix.dirname(packagePath));

  // Font obfuscation (the only encryption a DRM-free book has) touches fonts, never chapters.
  const encryption = meta.get(ENCRYPTION);
  if (encryption) {
    const encrypted = new Set(xmlElements(xmlPartText(encryption, ENCRYPTION, EPUB), new Set(['CipherReference'])).map((e) => zipPath('', e.attribs.URI ?? '')));
    if (chapters.some((chapter) => encrypted.has(chapter))) {
      throw new ExtractError(ExtractErrorCode.encrypted, `Encrypted ${EPUB}: its chapters are locked (DRM)`);
    }
  }

  const wanted = new Set(chapters);
  const parts = readZipParts(bytes, EPUB, (name) => wanted.has(name));
  return chapters
    .map((chapter) => parts.get(chapter))
    .filter((part) => part !== undefined)
    .map((part) => htmlFileText(part))
    .filter((text) => text !== '')
    .join('\n');
}

function packageDocumentPath(containerXml: string): string {
  const rootfile = xmlElements(containerXml, new Set(['rootfile'])).find((r) => (r.attribs['media-type'] ?? 'application/oebps-package+xml') === 'application/oebps-package+xml');
  const path = rootfile?.attribs['full-path'];
  if (!path) throw new ExtractError(ExtractErrorCode.corrupt, `Unreadable ${EPUB}: the container names no package document`);
  return zipPath('', path);
}

/** The zip paths of the spine's HTML documents, in reading order, without the navigation document. */
function readingOrder(packageXml: string, base: string): string[] {
  const elements = xmlElements(packageXml, new Set(['item', 'itemref']));
  const items = new Map(
    elements
      .filter((e) => e.name === 'item' && e.attribs.id !== undefined && e.attribs.href !== undefined)
      .map((e) => [e.attribs.id!, e.attribs]),
  );
  return elements
    .filter((e) => e.name === 'itemref')
    .map((e) => items.get(e.attribs.idref ?? ''))
    .filter((item) => item !== undefined && HTML_TYPES.has(item['media-type'] ?? '') && !(item.properties ?? '').split(/\s+/).includes('nav'))
    .map((item) => zipPath(base, item!.href!));
}

/** A package-relative URL (percent-encoded, perhaps with a fragment) as a path inside the zip. */
function zipPath(base: string, href: string): string {
  const withoutFragment = href.replace(/#.*$/, '');
  let decoded: string;
  try {
    decoded = decodeURIComponent(withoutFragment);
  } catch {
    decoded = withoutFragment;
  }
  return posix.normalize(posix.join(base, decoded)).replace(/^\/+/, '');
}
