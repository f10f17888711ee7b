// One table (rows of cell texts, '' for an empty cell) as .csv, .xlsx and .ods, written as Excel
// and LibreOffice write them: the .csv with commas, quotes where needed and CRLF line ends; the
// .xlsx with shared strings (one in rich-text runs with a phonetic guide), numbers stored as
// numbers, a formula, empty cells left out and a hidden sheet; the .ods with repeated cells and
// rows, a comment in a cell, and the padding of empty rows and cells LibreOffice writes to a
// sheet's full size. What a reader must leave out is worded with OUTSIDE_WORDS.
import { escapeXml, OUTSIDE_WORDS, zipPackage } from './officeDocuments.ts';

export type Table = string[][];

const NUMBER = /^-?\d+(?:\.\d+)?$/;

export function renderCsv(table: Table): string {
  const width = Math.max(...table.map((row) => row.length));
  const cell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  return table.map((row) => Array.from({ length: width }, (_, i) => cell(row[i] ?? '')).join(',')).join('\r\n') + '\r\n';
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';

export function renderXlsx(table: Table): Uint8Array {
  const strings: string[] = [];
  const stringIndex = (text: string) => (strings.includes(text) ? strings.indexOf(text) : strings.push(text) - 1);
  const rows = table.map((row, r) => {
    const cells = row.map((text, c) => {
      const ref = `${columnName(c)}${r + 1}`;
      if (text === '') return '';
      // The last number of the table is a formula's result, as a total is.
      if (NUMBER.test(text) && r === table.length - 1) return `<c r="${ref}"><f>SUM(B1:B${r})</f><v>${text}</v></c>`;
      if (NUMBER.test(text)) return `<c r="${ref}"><v>${text}</v></c>`;
      if (r === 1 && c === 0) return `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`;
      return `<c r="${ref}" t="s"><v>${stringIndex(text)}</v></c>`;
    });
    return `<row r="${r + 1}">${cells.join('')}</row>`;
  });
  const items = strings.map((text, i) => {
    if (i !== 0) return `<si><t xml:space="preserve">${escapeXml(text)}</t></si>`;
    const [first, ...rest] = text.split(' ');
    const tail = rest.length > 0 ? `<r><t xml:space="preserve"> ${escapeXml(rest.join(' '))}</t></r>` : '';
    return `<si><r><rPr><b/></rPr><t>${escapeXml(first!)}</t></r>${tail}<rPh sb="0" eb="1"><t>${OUTSIDE_WORDS[3]}</t></rPh></si>`;
  });
  const rel = (id: string, type: string, target: string) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`;
  const rels = (body: string) => `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${body}</Relationships>`;
  return zipPackage({
    '[Content_Types].xml': '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    '_rels/.rels': rels(rel('rId1', 'officeDocument', 'xl/workbook.xml')),
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook ${MAIN} xmlns:r="${REL}"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/><sheet name="Old" sheetId="2" state="hidden" r:id="rId2"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': rels(rel('rId1', 'worksheet', 'worksheets/sheet1.xml') + rel('rId2', 'worksheet', 'worksheets/sheet2.xml') + rel('rId3', 'sharedStrings', 'sharedStrings.xml')),
    'xl/sharedStrings.xml': `<?xml version="1.0" encoding="UTF-8"?><sst ${MAIN} count="${strings.length}" uniqueCount="${strings.length}">${items.join('')}</sst>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?><worksheet ${MAIN}><sheetData>${rows.join('')}</sheetData></worksheet>`,
    'xl/worksheets/sheet2.xml': `<?xml version="1.0" encoding="UTF-8"?><worksheet ${MAIN}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${OUTSIDE_WORDS[1]}</t></is></c></row></sheetData></worksheet>`,
    'xl/comments1.xml': `<?xml version="1.0" encoding="UTF-8"?><comments ${MAIN}><commentList><comment ref="A1"><text><t>${OUTSIDE_WORDS[2]}</t></text></comment></commentList></comments>`,
  });
}

const ODF_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/"';

export function renderOds(table: Table): Uint8Array {
  const width = Math.max(...table.map((row) => row.length));
  const cell = (text: string, repeat: number, r: number, c: number) => {
    const repeated = repeat > 1 ? ` table:number-columns-repeated="${repeat}"` : '';
    if (text === '') return `<table:table-cell${repeated}/>`;
    const value = NUMBER.test(text) ? ` office:value-type="float" office:value="${text}"` : ' office:value-type="string"';
    const comment = r === 0 && c === 0 ? `<office:annotation><dc:creator>A</dc:creator><text:p>${OUTSIDE_WORDS[2]}</text:p></office:annotation>` : '';
    // Spaces past the first are text:s elements.
    // A cell's lines are paragraphs; in the XML, a line end inside one would be a space.
    const paragraphs = text.split('\n').map((line) => `<text:p>${escapeXml(line).replace(/ {2,}/g, (spaces) => ` <text:s text:c="${spaces.length - 1}"/>`)}</text:p>`);
    return `<table:table-cell${repeated}${value}>${comment}${paragraphs.join('')}</table:table-cell>`;
  };
  const rows = table.map((row, r) => {
    const cells: string[] = [];
    // Runs of equal cells are written once with a repeat count; the row is padded to 1024 cells.
    for (let c = 0; c < row.length; ) {
      let repeat = 1;
      while (c + repeat < row.length && row[c + repeat] === row[c]) repeat++;
      cells.push(cell(row[c]!, repeat, r, c));
      c += repeat;
    }
    cells.push(`<table:table-cell table:number-columns-repeated="${1024 - row.length}"/>`);
    return `<table:table-row>${cells.join('')}</table:table-row>`;
  });
  const padding = `<table:table-row table:number-rows-repeated="${1_048_576 - table.length}"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>`;
  const content =
    `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NS} office:version="1.3"><office:body><office:spreadsheet>` +
    `<table:table table:name="Data"><table:table-column table:number-columns-repeated="${width}"/>${rows.join('')}${padding}</table:table>` +
    `<table:table table:name="Empty"><table:table-column table:number-columns-repeated="1024"/>${padding}</table:table>` +
    '</office:spreadsheet></office:body></office:document-content>';
  return zipPackage(
    {
      mimetype: 'application/vnd.oasis.opendocument.spreadsheet',
      'content.xml': content,
      'META-INF/manifest.xml':
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>',
    },
    ['mimetype'],
  );
}

/** A table of numbered sentences of a text (paragraphs split into sentences), and a total row. */
export function sentenceTable(text: string): Table {
  const sentences = text.split(/(?<=\.)\s+/);
  const rows: Table = [['Line', 'Words', 'Sentence']];
  let words = 0;
  sentences.forEach((sentence, i) => {
    const count = sentence.split(/\s+/).length;
    words += count;
    rows.push([String(i + 1), String(count), sentence]);
  });
  rows.push(['Total', String(words), '']);
  return rows;
}
