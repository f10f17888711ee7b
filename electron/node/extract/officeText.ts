// Word (.docx, Office Open XML) and OpenDocument text (.odt): the body's running text. Headers,
// footers and comments live in other parts or elements and are not read; tracked deletions,
// field codes and notes are skipped, so that the text is what the page shows, as in a PDF print.
import { posix } from 'node:path';
import { ExtractError, ExtractErrorCode } from './extractError.ts';
import { LINE_BREAK, xmlElements, xmlPartText, xmlText } from './xmlText.ts';
import type { XmlTextRules } from './xmlText.ts';
import { readZipParts, requiredPart } from './zipPackage.ts';

// The body is w:document's w:body; Word writes the "w" prefix for its main namespace, as does
// every other producer (and the standard's examples), so the rules name elements by it.
const DOCX_RULES: XmlTextRules = {
  skip: new Set([
    // Tracked changes: deleted runs, and the source of a move (its text appears at the target).
    'w:del', 'w:moveFrom',
    // Field instructions ("PAGE \* MERGEFORMAT"); the field's result is ordinary runs.
    'w:instrText', 'w:delInstrText',
    // Drawing alternatives: the fallback repeats the text box the chosen content already holds.
    'mc:Fallback',
  ]),
  text: new Set(['w:t']),
  blocks: new Set(['w:p']),
  characters: new Map([
    ['w:tab', '\t'],
    ['w:br', LINE_BREAK],
    ['w:cr', LINE_BREAK],
    ['w:noBreakHyphen', '-'],
  ]),
};

const ODT_RULES: XmlTextRules = {
  skip: new Set([
    // Comments, the tracked-changes log (which holds deleted text), foot- and endnotes.
    'office:annotation', 'text:tracked-changes', 'text:note',
    // Accessibility titles of frames and shapes, not shown on the page.
    'svg:title', 'svg:desc',
  ]),
  text: new Set(['text:p', 'text:h']),
  blocks: new Set(['text:p', 'text:h']),
  characters: new Map([
    ['text:s', ' '],
    ['text:tab', '\t'],
    ['text:line-break', LINE_BREAK],
  ]),
};

const DOCX = 'Word document';
const ODT = 'OpenDocument text';
const RELATIONSHIPS = '_rels/.rels';
const USUAL_MAIN_PART = 'word/document.xml';
const OFFICE_DOCUMENT_TYPE = /\/officeDocument$/;

/** The body text of a .docx file's bytes. */
export function docxText(bytes: Uint8Array): string {
  // The relationships name the main part, nearly always at the usual place, unpacked with them.
  let parts = readZipParts(bytes, DOCX, (name) => name === RELATIONSHIPS || name === USUAL_MAIN_PART);
  const rels = parts.get(RELATIONSHIPS);
  const main = rels ? mainPartName(xmlPartText(rels, RELATIONSHIPS, DOCX)) : USUAL_MAIN_PART;
  if (!parts.has(main)) parts = readZipParts(bytes, DOCX, (name) => name === main);
  return xmlText(xmlPartText(requiredPart(parts, main, DOCX), main, DOCX), DOCX_RULES);
}

function mainPartName(relsXml: string): string {
  const relation = xmlElements(relsXml, new Set(['Relationship'])).find((r) => OFFICE_DOCUMENT_TYPE.test(r.attribs.Type ?? ''));
  const target = relation?.attribs.Target;
  if (!target) throw new ExtractError(ExtractErrorCode.corrupt, `Unreadable ${DOCX}: no main document part`);
  // Targets are relative to the package root, sometimes written with a leading slash.
  return posix.normalize(target.replace(/^\/+/, ''));
}

const ODT_PARTS = new Set(['content.xml', 'META-INF/manifest.xml']);

/** The body text of an .odt file's bytes. */
export function odtText(bytes: Uint8Array): string {
  const parts = readZipParts(bytes, ODT, (name) => ODT_PARTS.has(name));
  const manifest = parts.get('META-INF/manifest.xml');
  if (manifest && encryptedParts(xmlPartText(manifest, 'manifest', ODT)).has('content.xml')) {
    throw new ExtractError(ExtractErrorCode.encrypted, `Encrypted ${ODT}: a password is needed to open it`);
  }
  return xmlText(xmlPartText(requiredPart(parts, 'content.xml', ODT), 'content.xml', ODT), ODT_RULES);
}

/** The parts an OpenDocument manifest lists as encrypted (a file-entry holding encryption-data). */
function encryptedParts(manifestXml: string): Set<string> {
  const encrypted = new Set<string>();
  let entry: string | undefined;
  for (const element of xmlElements(manifestXml, new Set(['file-entry', 'encryption-data']))) {
    if (element.name === 'file-entry') entry = element.attribs['full-path'];
    else if (entry !== undefined && element.ancestors.at(-1) === 'file-entry') encrypted.add(entry);
  }
  return encrypted;
}
