// EPUB 2 packages as older tools write them: prefixed package elements, an NCX table of contents,
// percent-encoded hrefs with fragments, and files in the package that are not in the reading order.
import { expect, it } from 'vitest';
import { epubText } from '../../../../electron/node/extract/epubText.ts';
import { zipPackage } from '../../../helpers/officeDocuments.ts';

const page = (body: string) => `<html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title></head><body>${body}</body></html>`;

it('reads the spine in order, by prefixed elements, and nothing outside it', () => {
  const book = zipPackage({
    mimetype: 'application/epub+zip',
    'META-INF/container.xml': '<container><rootfiles><rootfile full-path="book/package.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    'book/package.opf':
      '<opf:package xmlns:opf="http://www.idpf.org/2007/opf" version="2.0"><opf:manifest>' +
      '<opf:item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>' +
      '<opf:item id="b" href="text/second%20part.html#start" media-type="application/xhtml+xml"/>' +
      '<opf:item id="a" href="text/first.html" media-type="application/xhtml+xml"/>' +
      '<opf:item id="cover" href="cover.svg" media-type="image/svg+xml"/>' +
      '<opf:item id="extra" href="text/unlisted.html" media-type="application/xhtml+xml"/>' +
      '</opf:manifest><opf:spine toc="ncx"><opf:itemref idref="cover"/><opf:itemref idref="a"/><opf:itemref idref="b"/></opf:spine></opf:package>',
    'book/toc.ncx': '<ncx><navMap><navPoint><navLabel><text>Contents entry</text></navLabel></navPoint></navMap></ncx>',
    'book/cover.svg': '<svg><text>Cover words</text></svg>',
    'book/text/first.html': page('<h1>Chapter one</h1><p>It begins.</p>'),
    'book/text/second part.html': page('<p>It ends.</p>'),
    'book/text/unlisted.html': page('<p>Never read.</p>'),
  });
  expect(epubText(book)).toBe('Chapter one\nIt begins.\nIt ends.');
});
