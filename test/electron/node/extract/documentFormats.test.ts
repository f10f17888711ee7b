// Word, OpenDocument, RTF and EPUB files through the real extraction workers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExtractPool } from '../../../../electron/node/extract/extractPool.ts';
import type { ExtractPool } from '../../../../electron/node/extract/extractPool.ts';
import { prose } from '../../../helpers/documents.ts';
import { docxDocumentXml, OUTSIDE_WORDS, renderDocx, renderEpub, renderOdt, renderRtf, zipPackage } from '../../../helpers/officeDocuments.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

let tree: TempTree;
let pool: ExtractPool;
beforeAll(async () => {
  tree = await createTempTree();
  pool = createExtractPool({ threads: 2 });
});
afterAll(async () => {
  await pool.destroy();
  await tree.remove();
});

/** Writes the file and extracts it. */
async function extract(name: string, content: string | Uint8Array) {
  return pool.extract(await tree.write(name, content));
}

// Accented letters and typographic quotes check each format's character encoding.
const source = `${prose(5, 3, 4)}\n\nGrüße aus Köln — “café” in the 1950s.`;
const lines = source.split('\n\n').join('\n');

describe.each([
  ['docx', renderDocx(source)],
  ['odt', renderOdt(source)],
  ['rtf', renderRtf(source)],
  ['epub', renderEpub(source)],
] as const)('%s', (format, content) => {
  it('extracts the body, one paragraph per line, without headers, footers, comments or deletions', async () => {
    const result = await extract(`report.${format}`, content);
    expect(result).toMatchObject({ ok: true, format });
    const text = result.ok ? result.text : '';
    expect(text).toBe(lines);
    for (const word of OUTSIDE_WORDS) expect(text).not.toContain(word);
  });
});

describe('damaged and locked files', () => {
  it('reports files that are not what their name says as corrupt', async () => {
    const cases: [string, string | Uint8Array][] = [
      ['noise.docx', 'this is not a zip file at all'],
      ['truncated.docx', renderDocx(source).subarray(0, 400)],
      ['empty-package.docx', zipPackage({ 'readme.txt': 'no document here' })],
      ['no-container.epub', zipPackage({ mimetype: 'application/epub+zip', 'OEBPS/a.xhtml': '<p>a</p>' })],
      ['no-content.odt', zipPackage({ mimetype: 'application/vnd.oasis.opendocument.text' })],
      ['plain.rtf', 'Just some words, no RTF header.'],
      ['old-binary.docx', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)])],
    ];
    for (const [name, content] of cases) {
      expect([name, await extract(name, content)]).toMatchObject([name, { ok: false, code: 'ECORRUPT' }]);
    }
  });

  it('reports password-protected and DRM-locked files as encrypted', async () => {
    // Office wraps an encrypted package in an OLE compound file with an "EncryptedPackage" stream.
    const encryptedDocx = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504), Buffer.from('EncryptedPackage', 'utf16le'), Buffer.alloc(512)]);
    expect(await extract('locked.docx', encryptedDocx)).toMatchObject({ ok: false, code: 'EENCRYPTED' });
    expect(await extract('locked.odt', renderOdt(source, { encrypted: true }))).toMatchObject({ ok: false, code: 'EENCRYPTED' });
    expect(await extract('locked.epub', renderEpub(source, { drm: true }))).toMatchObject({ ok: false, code: 'EENCRYPTED' });
  });

  it('reads the main part wherever the relationships put it', async () => {
    const docx = zipPackage({
      '_rels/.rels': '<Relationships><Relationship Id="r" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="/body/main.xml"/></Relationships>',
      'body/main.xml': docxDocumentXml('Moved main part.'),
    });
    expect(await extract('moved.docx', docx)).toMatchObject({ ok: true, text: 'Moved main part.' });
  });
});

describe('hostile packages', () => {
  it('refuses a part that inflates more than any document does', async () => {
    const bomb = renderDocx('', `<w:document>${' '.repeat(16 * 2 ** 20)}</w:document>`);
    expect(bomb.length).toBeLessThan(2 ** 20 / 10);
    expect(await extract('bomb.docx', bomb)).toMatchObject({ ok: false, code: 'ETOOBIG', message: expect.stringMatching(/zip bomb/) });
  });

  it('refuses a package stating sizes past the unpacking limit, before unpacking', async () => {
    const docx = Buffer.from(renderDocx(source));
    // Every central directory record states its part expands to nearly 4 GiB.
    for (let at = docx.indexOf('PK\x01\x02'); at >= 0; at = docx.indexOf('PK\x01\x02', at + 4)) docx.writeUInt32LE(0xfffffff0, at + 24);
    expect(await extract('stated.docx', docx)).toMatchObject({ ok: false, code: 'ETOOBIG' });
  });

  it('refuses a package with more entries than any document has', async () => {
    const entries = Object.fromEntries(Array.from({ length: 20_001 }, (_, i) => [`OEBPS/${i}.xhtml`, '']));
    expect(await extract('many.epub', zipPackage(entries))).toMatchObject({ ok: false, code: 'ETOOBIG' });
  });

  it('refuses XML that declares entities (billion laughs) without expanding them', async () => {
    const laughs = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');
    const xml = `<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY lol0 "lol">${laughs}]><w:document><w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>`;
    expect(await extract('laughs.docx', renderDocx('', xml))).toMatchObject({ ok: false, code: 'ECORRUPT', message: expect.stringMatching(/entities/) });
  });
});
