// Spreadsheets (.xlsx, Excel; .ods, OpenDocument): each sheet's cells, row after row, written as
// Excel and LibreOffice save a sheet as .csv: cells joined by commas (quoted when they hold a
// comma, a quote or a line break), every row of the used range as wide as its widest. So a table
// saved as .xlsx, .ods and .csv reads as the same text. Sheets follow one another without their
// names, which a .csv does not hold. Left out: formulas (their results are read), comments,
// charts, shapes and an .xlsx's hidden sheets. An .xlsx cell holds its value, not its display: a number reads
// as Excel's General format shows it, so a date or a currency format reads as the bare number;
// an .ods cell holds its display, which is read.
import { Parser } from 'htmlparser2';
import { ExtractError, ExtractErrorCode } from './extractError.ts';
import { openDocumentContent, partRelationships, readMainPart, relationshipsPartName } from './officeText.ts';
import { xmlElements, xmlPartText } from './xmlText.ts';
import { readZipParts } from './zipPackage.ts';
import { FORMAT_KINDS } from './packageSignatures.ts';

const XLSX = FORMAT_KINDS.xlsx;
const ODS = FORMAT_KINDS.ods;

// Excel's own bounds of a sheet; the cells of a used range, empty ones included, are bounded too,
// since one cell far out would otherwise pad every row with thousands of commas.
const MAX_ROWS = 1_048_576;
const MAX_COLUMNS = 16_384;
const MAX_CELLS = 8_000_000;

/** A sheet's non-empty cells by row, then column, from 0. Repeated rows share one map. */
type Sheet = Map<number, Map<number, string>>;

function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The sheet as comma-separated lines over its used range; '' for an empty sheet. */
export function sheetText(sheet: Sheet, kind: string): string {
  if (sheet.size === 0) return '';
  let top = Infinity;
  let bottom = -Infinity;
  for (const r of sheet.keys()) {
    top = Math.min(top, r);
    bottom = Math.max(bottom, r);
  }
  let left = Infinity;
  let right = -Infinity;
  for (const row of new Set(sheet.values())) {
    for (const column of row.keys()) {
      left = Math.min(left, column);
      right = Math.max(right, column);
    }
  }
  const width = right - left + 1;
  if ((bottom - top + 1) * width > MAX_CELLS) throw tooBig(kind, `its used range holds more than ${MAX_CELLS} cells`);
  const lines: string[] = [];
  for (let r = top; r <= bottom; r++) {
    const cells = new Array<string>(width).fill('');
    for (const [column, text] of sheet.get(r) ?? []) cells[column - left] = csvCell(text);
    lines.push(cells.join(','));
  }
  return lines.join('\n');
}

function tooBig(kind: string, reason: string): ExtractError {
  return new ExtractError(ExtractErrorCode.tooBig, `Refused ${kind}: ${reason}`);
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

/** A cell reference's column from 0 ("C7" is 2), or undefined without one. */
function columnOf(reference: string | undefined): number | undefined {
  const letters = /^[A-Za-z]{1,3}/.exec(reference ?? '')?.[0];
  if (!letters) return undefined;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
  return column - 1;
}

const WORKSHEET_TYPE = /\/worksheet$/;
const SHARED_STRINGS_TYPE = /\/sharedStrings$/;

/** The text of an .xlsx file's bytes: its visible worksheets in tab order. */
export function xlsxText(bytes: Uint8Array): string {
  const workbook = readMainPart(bytes, XLSX, 'xl/workbook.xml');
  const workbookRels = relationshipsPartName(workbook.name);
  const rels = readZipParts(bytes, XLSX, (name) => name === workbookRels).get(workbookRels);
  if (!rels) throw new ExtractError(ExtractErrorCode.corrupt, `Unreadable ${XLSX}: ${workbookRels} is missing`);
  const targets = [...partRelationships(xmlPartText(rels, workbookRels, XLSX), workbook.name)];
  const sheets = xmlElements(xmlPartText(workbook.bytes, workbook.name, XLSX), new Set(['sheet']))
    .filter((sheet) => sheet.attribs.state !== 'hidden' && sheet.attribs.state !== 'veryHidden')
    .map((sheet) => targets.find(([id]) => id === sheet.attribs.id)?.[1])
    .filter((target) => target !== undefined && WORKSHEET_TYPE.test(target.type))
    .map((target) => target!.path);
  const sharedStringsName = targets.find(([, target]) => SHARED_STRINGS_TYPE.test(target.type))?.[1].path;
  const wanted = new Set([...sheets, ...(sharedStringsName ? [sharedStringsName] : [])]);
  const parts = readZipParts(bytes, XLSX, (name) => wanted.has(name));
  const sharedPart = sharedStringsName === undefined ? undefined : parts.get(sharedStringsName);
  const shared = sharedPart ? sharedStrings(xmlPartText(sharedPart, sharedStringsName!, XLSX)) : [];
  return sheets
    .map((name) => parts.get(name))
    .filter((part) => part !== undefined)
    .map((part, i) => sheetText(worksheetCells(xmlPartText(part, sheets[i]!, XLSX), shared), XLSX))
    .filter((text) => text !== '')
    .join('\n');
}

/** The shared string table: each item's text runs, without phonetic guides (rPh). */
function sharedStrings(xml: string): string[] {
  const strings: string[] = [];
  let item: string | undefined;
  let inText = false;
  let phonetic = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        const local = localName(name);
        if (local === 'si') item = '';
        else if (local === 'rPh') phonetic++;
        else if (local === 't') inText = true;
      },
      onclosetag(name) {
        const local = localName(name);
        if (local === 'si' && item !== undefined) {
          strings.push(item);
          item = undefined;
        } else if (local === 'rPh') phonetic--;
        else if (local === 't') inText = false;
      },
      ontext(data) {
        if (inText && phonetic === 0 && item !== undefined) item += data;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return strings;
}

/** Excel's General format of a stored number: at most 15 significant digits (0.1+0.2 shows 0.3). */
function generalNumber(value: string): string {
  const number = Number(value);
  return value.trim() === '' || !Number.isFinite(number) ? value : String(Number(number.toPrecision(15)));
}

/** A worksheet's cells: shared strings looked up, booleans as TRUE and FALSE, numbers as shown. */
function worksheetCells(xml: string, shared: readonly string[]): Sheet {
  const sheet: Sheet = new Map();
  let row = -1;
  let column = -1;
  let cells = new Map<number, string>();
  let type = '';
  let value = '';
  let reading: 'v' | 't' | undefined;
  let phonetic = 0;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const local = localName(name);
        if (local === 'row') {
          row = attribs.r ? Number(attribs.r) - 1 : row + 1;
          if (!(row >= 0 && row < MAX_ROWS)) throw new ExtractError(ExtractErrorCode.corrupt, `Unreadable ${XLSX}: row ${attribs.r} is out of range`);
          column = -1;
          cells = new Map();
        } else if (local === 'c') {
          column = columnOf(attribs.r) ?? column + 1;
          if (column >= MAX_COLUMNS) throw new ExtractError(ExtractErrorCode.corrupt, `Unreadable ${XLSX}: cell ${attribs.r} is out of range`);
          type = attribs.t ?? 'n';
          value = '';
        } else if (local === 'v') reading = 'v';
        else if (local === 'rPh') phonetic++;
        else if (local === 't' && phonetic === 0) reading = 't';
      },
      onclosetag(name) {
        const local = localName(name);
        if (local === 'v' || local === 't') reading = undefined;
        else if (local === 'rPh') phonetic--;
        else if (local === 'c') {
          const text = cellText(type, value, shared);
          if (text !== '') cells.set(column, text);
        } else if (local === 'row' && cells.size > 0) sheet.set(row, cells);
      },
      ontext(data) {
        if (reading !== undefined) value += data;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return sheet;
}

function cellText(type: string, value: string, shared: readonly string[]): string {
  switch (type) {
    case 's':
      return shared[Number(value)] ?? '';
    case 'b':
      return value === '1' ? 'TRUE' : value === '0' ? 'FALSE' : value;
    case 'n':
      return generalNumber(value);
    default:
      // inlineStr, str (a formula's text), e (an error such as #DIV/0!), d (an ISO date).
      return value;
  }
}

/** The text of an .ods file's bytes: its sheets in tab order, each cell as displayed. */
export function odsText(bytes: Uint8Array): string {
  return odsSheets(openDocumentContent(bytes, ODS))
    .map((sheet) => sheetText(sheet, ODS))
    .filter((text) => text !== '')
    .join('\n');
}

function repeat(value: string | undefined): number {
  const count = Number(value ?? 1);
  return Number.isSafeInteger(count) && count >= 1 ? count : 1;
}

/**
 * The sheets of an OpenDocument spreadsheet's content. LibreOffice writes runs of like rows and
 * cells once with a repeat count, and pads each sheet to its full size with repeated empty ones:
 * those are counted, never stored, and a run of filled ones past the sheet's bounds is refused.
 */
function odsSheets(xml: string): Sheet[] {
  const sheets: Sheet[] = [];
  let tables = 0;
  let row = 0;
  let rowRepeat = 1;
  let column = 0;
  let cells = new Map<number, string>();
  let cellRepeat = 0;
  let paragraphs: string[] | undefined;
  let paragraph: string | undefined;
  let skipped = 0;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (skipped > 0 || name === 'office:annotation' || name === 'text:note' || name.startsWith('draw:')) {
          skipped++;
          return;
        }
        if (name === 'table:table') {
          if (++tables === 1) {
            sheets.push(new Map());
            row = 0;
          }
        } else if (tables !== 1) return;
        else if (name === 'table:table-row') {
          rowRepeat = repeat(attribs['table:number-rows-repeated']);
          column = 0;
          cells = new Map();
        } else if (name === 'table:table-cell' || name === 'table:covered-table-cell') {
          cellRepeat = repeat(attribs['table:number-columns-repeated']);
          paragraphs = [];
        } else if (paragraphs !== undefined && (name === 'text:p' || name === 'text:h')) paragraph = '';
        else if (paragraph !== undefined && name === 'text:s') paragraph += ' ';
        else if (paragraph !== undefined && name === 'text:tab') paragraph += '\t';
        else if (paragraph !== undefined && name === 'text:line-break') paragraph += '\n';
      },
      onclosetag(name) {
        if (skipped > 0) {
          skipped--;
          return;
        }
        if (name === 'table:table') tables--;
        else if (tables !== 1) return;
        else if ((name === 'text:p' || name === 'text:h') && paragraph !== undefined) {
          paragraphs?.push(paragraph.trim());
          paragraph = undefined;
        } else if ((name === 'table:table-cell' || name === 'table:covered-table-cell') && paragraphs !== undefined) {
          const text = paragraphs.join('\n');
          paragraphs = undefined;
          if (text !== '') {
            if (column + cellRepeat > MAX_COLUMNS) throw tooBig(ODS, `a row is wider than ${MAX_COLUMNS} cells`);
            for (let k = 0; k < cellRepeat; k++) cells.set(column + k, text);
          }
          column += cellRepeat;
        } else if (name === 'table:table-row') {
          if (cells.size > 0) {
            if (row + rowRepeat > MAX_ROWS) throw tooBig(ODS, `a sheet is longer than ${MAX_ROWS} rows`);
            for (let k = 0; k < rowRepeat; k++) sheets.at(-1)!.set(row + k, cells);
          }
          row += rowRepeat;
        }
      },
      ontext(data) {
        // Spacing in the XML collapses, as in HTML: the cell's own spaces and breaks are elements.
        if (skipped === 0 && paragraph !== undefined) paragraph += data.replace(/[ \t\r\n]+/g, ' ');
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return sheets;
}
