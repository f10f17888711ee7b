// Word, OpenDocument, EPUB and RTF renderings of a text (paragraphs split by blank lines), written
// with fflate's zip writer. Each carries the furniture a reader must leave out — a header, a
// footer, a comment, a tracked deletion — worded with OUTSIDE_WORDS, which the text never uses.
import { strToU8, zipSync } from 'fflate';
import type { Zippable } from 'fflate';

/** Words of the furniture (headers, footers, comments, deleted text), never part of the body. */
export const OUTSIDE_WORDS = ['Letterhead', 'Pagefooter', 'Reviewercomment', 'Strikeout'];

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function paragraphs(text: string): string[] {
  return text.split('\n\n');
}

/** A zip as Office and LibreOffice write it; `stored` entries are not compressed (ODF's mimetype). */
export function zipPackage(entries: Record<string, string | Uint8Array>, stored: string[] = []): Uint8Array {
  const files: Zippable = {};
  for (const [name, content] of Object.entries(entries)) {
    const data = typeof content === 'string' ? strToU8(content) : content;
    files[name] = stored.includes(name) ? [data, { level: 0 }] : data;
  }
  return zipSync(files);
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

export function docxDocumentXml(text: string): string {
  const body = paragraphs(text).map((p, i) => {
    // Split runs, a tracked deletion, an insertion and a comment anchor in the first paragraph.
    if (i !== 0) return `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`;
    const [first, ...rest] = p.split(' ');
    return (
      `<w:p><w:pPr><w:pStyle w:val="Normal"/></w:pPr><w:commentRangeStart w:id="0"/><w:r><w:rPr><w:b/></w:rPr><w:t>${escapeXml(first!)}</w:t></w:r>` +
      `<w:del w:id="1" w:author="A"><w:r><w:delText xml:space="preserve"> ${OUTSIDE_WORDS[3]}</w:delText></w:r></w:del>` +
      // The source of a tracked move holds ordinary runs; its text shows at the move's target.
      `<w:moveFrom w:id="3" w:author="A"><w:r><w:t xml:space="preserve"> ${OUTSIDE_WORDS[3]}</w:t></w:r></w:moveFrom>` +
      `<w:ins w:id="2" w:author="A"><w:r><w:t xml:space="preserve"> ${escapeXml(rest.join(' '))}</w:t></w:r></w:ins>` +
      `<w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r>` +
      `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`
    );
  });
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${W}><w:body>${body.join('')}<w:sectPr><w:headerReference w:type="default" r:id="rIdHeader"/></w:sectPr></w:body></w:document>`;
}

export function renderDocx(text: string, documentXml = docxDocumentXml(text)): Uint8Array {
  return zipPackage({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml': documentXml,
    'word/header1.xml': `<?xml version="1.0"?><w:hdr ${W}><w:p><w:r><w:t>${OUTSIDE_WORDS[0]}</w:t></w:r></w:p></w:hdr>`,
    'word/footer1.xml': `<?xml version="1.0"?><w:ftr ${W}><w:p><w:r><w:t>${OUTSIDE_WORDS[1]}</w:t></w:r></w:p></w:ftr>`,
    'word/comments.xml': `<?xml version="1.0"?><w:comments ${W}><w:comment w:id="0"><w:p><w:r><w:t>${OUTSIDE_WORDS[2]}</w:t></w:r></w:p></w:comment></w:comments>`,
  });
}

const ODF_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/"';

export function renderOdt(text: string, { encrypted = false } = {}): Uint8Array {
  const body = paragraphs(text).map((p, i) => {
    if (i !== 0) return `<text:p text:style-name="P1">${escapeXml(p)}</text:p>`;
    const [first, ...rest] = p.split(' ');
    return (
      `<text:p><text:change-start text:change-id="ct1"/><text:span text:style-name="T1">${escapeXml(first!)}</text:span>` +
      `<office:annotation><dc:creator>A</dc:creator><text:p>${OUTSIDE_WORDS[2]}</text:p></office:annotation>` +
      `<text:change text:change-id="ct2"/><text:s/>${escapeXml(rest.join(' '))}</text:p>`
    );
  });
  const content =
    `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NS} office:version="1.3"><office:body><office:text>` +
    `<text:tracked-changes><text:changed-region text:id="ct2"><text:deletion><office:change-info><dc:creator>A</dc:creator></office:change-info><text:p>${OUTSIDE_WORDS[3]}</text:p></text:deletion></text:changed-region></text:tracked-changes>` +
    `${body.join('')}</office:text></office:body></office:document-content>`;
  const styles = `<?xml version="1.0" encoding="UTF-8"?><office:document-styles ${ODF_NS}><office:master-styles><style:master-page style:name="Standard"><style:header><text:p>${OUTSIDE_WORDS[0]}</text:p></style:header><style:footer><text:p>${OUTSIDE_WORDS[1]}</text:p></style:footer></style:master-page></office:master-styles></office:document-styles>`;
  const encryption = encrypted
    ? '<manifest:encryption-data manifest:checksum-type="SHA1/1K" manifest:checksum="x"><manifest:algorithm manifest:algorithm-name="Blowfish CFB" manifest:initialisation-vector="x"/></manifest:encryption-data>'
    : '';
  const manifest =
    '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">' +
    '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/>' +
    `<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml">${encryption}</manifest:file-entry>` +
    '<manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/></manifest:manifest>';
  return zipPackage(
    {
      mimetype: 'application/vnd.oasis.opendocument.text',
      'content.xml': encrypted ? new Uint8Array(content.length).fill(0x5a) : content,
      'styles.xml': styles,
      'META-INF/manifest.xml': manifest,
    },
    ['mimetype'],
  );
}

/** An EPUB 3 book: a navigation document, then one chapter per paragraph (the last one in a subfolder). */
export function renderEpub(text: string, { drm = false } = {}): Uint8Array {
  const chapters = paragraphs(text);
  const href = (i: number) => (i === chapters.length - 1 ? `part%202/chapter${i}.xhtml` : `chapter${i}.xhtml`);
  const file = (i: number) => (i === chapters.length - 1 ? `OEBPS/part 2/chapter${i}.xhtml` : `OEBPS/chapter${i}.xhtml`);
  const xhtml = (title: string, body: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml"><head><title>${title}</title></head><body>${body}</body></html>`;
  const entries: Record<string, string | Uint8Array> = {
    mimetype: 'application/epub+zip',
    'META-INF/container.xml':
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    'OEBPS/content.opf':
      `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${OUTSIDE_WORDS[0]}</dc:title></metadata><manifest>` +
      '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/><item id="css" href="style.css" media-type="text/css"/>' +
      chapters.map((_, i) => `<item id="c${i}" href="${href(i)}" media-type="application/xhtml+xml"/>`).join('') +
      `</manifest><spine><itemref idref="nav"/>${chapters.map((_, i) => `<itemref idref="c${i}"/>`).join('')}</spine></package>`,
    'OEBPS/nav.xhtml': xhtml('Contents', `<nav epub:type="toc"><ol><li>${OUTSIDE_WORDS[1]}</li></ol></nav>`),
    'OEBPS/style.css': 'p { margin: 0 }',
  };
  chapters.forEach((p, i) => (entries[file(i)] = xhtml(`${OUTSIDE_WORDS[2]} ${i}`, `<p>${escapeXml(p)}</p>`)));
  if (drm) {
    entries['META-INF/encryption.xml'] =
      '<?xml version="1.0"?><encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/>' +
      `<enc:CipherData><enc:CipherReference URI="OEBPS/${href(0)}"/></enc:CipherData></enc:EncryptedData></encryption>`;
  }
  return zipPackage(entries, ['mimetype']);
}

function escapeRtf(text: string): string {
  // A line end in RTF source is not a space, so the text's own line breaks become spaces; non-ASCII
  // is written as \uN with a '?' fallback, as Word writes it.
  return text
    .replace(/\s*\n\s*/g, ' ').replace(/[\\{}]/g, (c) => `\\${c}`).replace(/[^ -~\n]/g, (c) => `\\u${c.charCodeAt(0) > 0x7fff ? c.charCodeAt(0) - 0x10000 : c.charCodeAt(0)}?`);
}

export function renderRtf(text: string): string {
  const body = paragraphs(text).map((p, i) => {
    if (i !== 0) return `\\pard\\plain ${escapeRtf(p)}\\par\n`;
    const [first, ...rest] = p.split(' ');
    return (
      `\\pard\\plain {\\b ${escapeRtf(first!)}}{\\deleted\\revauth1 ${OUTSIDE_WORDS[3]}} ` +
      `{\\*\\atnid A}{\\*\\annotation {\\pard ${OUTSIDE_WORDS[2]}\\par}}${escapeRtf(rest.join(' '))}{\\v ${OUTSIDE_WORDS[3]}}\\par\n`
    );
  });
  return (
    '{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\froman Times New Roman;}}{\\colortbl;\\red0\\green0\\blue0;}\n' +
    `{\\info{\\title ${OUTSIDE_WORDS[0]}}{\\author Someone}}\n` +
    `{\\header \\pard ${OUTSIDE_WORDS[0]}\\par}{\\footer \\pard ${OUTSIDE_WORDS[1]}\\par}\n` +
    `${body.join('')}}`
  );
}
