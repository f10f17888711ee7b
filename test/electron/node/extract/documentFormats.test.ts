// Word, OpenDocument, RTF, EPUB, old Word, slide, spreadsheet and e-mail files through the real
// extraction workers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExtractPool } from '../../../../electron/node/extract/extractPool.ts';
import type { ExtractPool } from '../../../../electron/node/extract/extractPool.ts';
import { prose } from '../../../helpers/documents.ts';
import { renderEml, renderHtmlOnlyEml } from '../../../helpers/mailDocuments.ts';
import { docxDocumentXml, OUTSIDE_WORDS, renderDocx, renderEpub, renderOdt, renderRtf, zipPackage } from '../../../helpers/officeDocuments.ts';
import { renderCsv, renderOds, renderXlsx, sentenceTable } from '../../../helpers/sheetDocuments.ts';
import { renderOdp, renderPptx } from '../../../helpers/slideDocuments.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { compoundFile, renderDoc } from '../../../helpers/wordBinary.ts';

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

async function textOf(name: string, content: string | Uint8Array): Promise<string> {
  const result = await extract(name, content);
  if (!result.ok) throw new Error(`${name}: ${result.code} ${result.message}`);
  return result.text;
}

// Accented letters and typographic quotes check each format's character encoding.
const source = `${prose(5, 3, 4)}\n\nGrüße aus Köln — “café” in the 1950s.`;
const lines = source.split('\n\n').join('\n');

describe.each([
  ['docx', renderDocx(source)],
  ['odt', renderOdt(source)],
  ['rtf', renderRtf(source)],
  ['epub', renderEpub(source)],
  ['doc', renderDoc(source)],
  // The paragraphs alternate between slides and their notes: in order only when each slide's
  // notes follow it, slide after slide in the presentation's order.
  ['pptx', renderPptx(source)],
  ['odp', renderOdp(source)],
] as const)('%s', (format, content) => {
  it('extracts the body, one paragraph per line, without headers, footers, comments, deletions or fields', async () => {
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

describe('spreadsheets', () => {
  const table = sentenceTable(source);
  // The .csv as a text file is read as it is: the workbooks must read as the same characters.
  const csvText = renderCsv(table).replace(/\r\n/g, '\n').trim();

  it('reads .xlsx and .ods as the .csv of the same table reads', async () => {
    expect(await textOf('table.csv', renderCsv(table))).toBe(renderCsv(table));
    for (const [name, content] of [['table.xlsx', renderXlsx(table)], ['table.ods', renderOds(table)]] as const) {
      const text = await textOf(name, content);
      expect([name, text]).toEqual([name, csvText]);
      for (const word of OUTSIDE_WORDS) expect(text).not.toContain(word);
    }
  });

  it('quotes cells as a .csv does, and pads every row of the used range to its width', async () => {
    const quoted: string[][] = [['a, b', 'say "hi"', 'two\nlines'], ['only one']];
    const expected = '"a, b","say ""hi""","two\nlines"\nonly one,,';
    expect(await textOf('quoted.xlsx', renderXlsx(quoted))).toBe(expected);
    expect(await textOf('quoted.ods', renderOds(quoted))).toBe(expected);
  });

  it('shows a stored number as Excel shows it, and booleans as TRUE and FALSE', async () => {
    const sheet = '<row r="2"><c r="B2"><v>0.30000000000000004</v></c><c r="C2" t="b"><v>1</v></c><c r="D2" t="e"><v>#DIV/0!</v></c></row>';
    const xlsx = zipPackage({
      'xl/workbook.xml': '<workbook xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
      'xl/_rels/workbook.xml.rels':
        '<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/s.xml"/></Relationships>',
      'xl/worksheets/s.xml': `<x:worksheet xmlns:x="main"><x:sheetData>${sheet.replace(/<(\/?)(row|c|v)\b/g, '<$1x:$2')}</x:sheetData></x:worksheet>`,
    });
    expect(await textOf('numbers.xlsx', xlsx)).toBe('0.3,TRUE,#DIV/0!');
  });

  it('refuses a sheet whose used range pads out past the cell limit, or whose filled rows repeat past a sheet', async () => {
    // A cell at the far corner of the sheet: the used range is 16,384 columns by a million rows.
    const corner = zipPackage({
      'xl/workbook.xml': '<workbook xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
      'xl/_rels/workbook.xml.rels':
        '<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/s.xml"/></Relationships>',
      'xl/worksheets/s.xml': '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c></row><row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData></worksheet>',
    });
    expect(await extract('corner.xlsx', corner)).toMatchObject({ ok: false, code: 'ETOOBIG' });
    const rows = zipPackage({
      'content.xml':
        '<office:document-content xmlns:office="o" xmlns:table="t" xmlns:text="x"><office:body><office:spreadsheet><table:table><table:table-row table:number-rows-repeated="2000000000"><table:table-cell><text:p>x</text:p></table:table-cell></table:table-row></table:table></office:spreadsheet></office:body></office:document-content>',
    });
    expect(await extract('rows.ods', rows)).toMatchObject({ ok: false, code: 'ETOOBIG' });
  });
});

describe('e-mail', () => {
  it('reads the plain body, decoded from quoted-printable and Windows-1252, without headers, the HTML alternative or attachments', async () => {
    const text = await textOf('letter.eml', renderEml(source));
    expect(text).toBe(source);
    for (const word of OUTSIDE_WORDS) expect(text).not.toContain(word);
  });

  it('reads an HTML-only mail as its visible text, decoded from base64 and ISO-8859-1', async () => {
    const text = await textOf('newsletter.eml', renderHtmlOnlyEml(source));
    expect(text).toBe(lines);
    expect(text).not.toContain(OUTSIDE_WORDS[0]);
  });

  it('reads past a large attachment, and reports a file that is no mail as corrupt', async () => {
    // 40 MiB, 54 MiB in base64: under the pool's 64 MiB file limit, so read whole (past it, mailSkeleton.test.ts).
    const attachment = new Uint8Array(40 * 2 ** 20).fill(0x41);
    expect(await textOf('big.eml', renderEml(source, { attachment }))).toBe(source);
    expect(await extract('noise.eml', '\u0000\u0001 not a mail')).toMatchObject({ ok: false, code: 'ECORRUPT' });
  });
});

describe('damaged and locked slides, workbooks and old Word files', () => {
  it('reports a password-protected .doc, .xlsx and .pptx as encrypted', async () => {
    expect(await extract('locked.doc', renderDoc(source, { encrypted: true }))).toMatchObject({ ok: false, code: 'EENCRYPTED' });
    // Office wraps an encrypted .xlsx or .pptx in a compound file with an EncryptedPackage stream.
    const wrapper = compoundFile({ EncryptionInfo: new Uint8Array(64), EncryptedPackage: new Uint8Array(4096).fill(7) });
    for (const name of ['locked.xlsx', 'locked.pptx', 'locked-docx.doc']) {
      expect([name, await extract(name, wrapper)]).toMatchObject([name, { ok: false, code: 'EENCRYPTED' }]);
    }
  });

  it('reports files that are not what their name says as corrupt', async () => {
    const cases: [string, string | Uint8Array][] = [
      ['noise.doc', 'this is not a Word file'],
      ['spreadsheet.doc', compoundFile({ Workbook: new Uint8Array(4096) })],
      ['truncated.doc', renderDoc(source).subarray(0, 1200)],
      ['noise.pptx', 'this is not a zip file at all'],
      ['empty.xlsx', zipPackage({ 'readme.txt': 'no workbook here' })],
      ['no-content.ods', zipPackage({ mimetype: 'application/vnd.oasis.opendocument.spreadsheet' })],
      ['old-binary.xlsx', compoundFile({ Workbook: new Uint8Array(4096) })],
    ];
    for (const [name, content] of cases) {
      expect([name, await extract(name, content)]).toMatchObject([name, { ok: false, code: 'ECORRUPT' }]);
    }
  });

  it('reads a .doc that is really RTF or a .docx as what it is', async () => {
    expect(await textOf('saved-as-rtf.doc', renderRtf(source))).toBe(lines);
    expect(await textOf('saved-as-docx.doc', renderDocx(source))).toBe(lines);
  });
});
