// Word (.docx, Office Open XML) and OpenDocument text (.odt): the body's running text. Headers,
// footers and comments live in other parts or elements and are not read; tracked deletions,
// field codes and notes are skipped, so that the text is what the page shows, as in a PDF print.
import { posix } from 'node:path';
import { ExtractError, ExtractErrorCode } from './extractError.ts';
import { LINE_BREAK, xmlElements, xmlPartText, xmlText } from './xmlText.ts';
import type { XmlTextRules } from './xmlText.ts';
import { readZipParts, requiredPart } from './zipPackage.ts';
import { FORMAT_KINDS } from './packageSignatures.ts';

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

export const ODT_RULES: XmlTextRules = {
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

const DOCX = FORMAT_KINDS.docx;
const ODT = FORMAT_KINDS.odt;
const RELATIONSHIPS = '_rels/.rels';
const USUAL_MAIN_PART = 'word/document.xml';
const OFFICE_DOCUMENT_TYPE = /\/officeDocument$/;

/** The body text of a .docx file's bytes. */
export function docxText(bytes: Uint8Array): string {
  const main = readMainPart(bytes, DOCX, USUAL_MAIN_PART);
  return xmlText(xmlPartText(main.bytes, main.name, DOCX), DOCX_RULES);
}

/**
 * The main part of an Office Open XML package (.docx, .pptx, .xlsx) with its name: the package's
 * relationships name it, nearly always at the usual place, which is unpacked with them.
 */
export function readMainPart(bytes: Uint8Array, kind: string, usualName: string): { name: string; bytes: Uint8Array } {
  let parts = readZipParts(bytes, kind, (name) => name === RELATIONSHIPS || name === usualName);
  const rels = parts.get(RELATIONSHIPS);
  const main = rels ? mainPartName(xmlPartText(rels, RELATIONSHIPS, kind), kind) : usualName;
  if (!parts.has(main)) parts = readZipParts(bytes, kind, (name) => name === main);
  return { name: main, bytes: requiredPart(parts, main, kind) };
}

function mainPartName(relsXml: string, kind: string): string {
  const relation = xmlElements(relsXml, new Set(['Relationship'])).find((r) => OFFICE_DOCUMENT_TYPE.test(r.attribs.Type ?? ''));
  const target = relation?.attribs.Target;
  if (!target) throw new ExtractError(ExtractErrorCode.corrupt, `Unreadable ${kind}: no main document part`);
  // Targets are relative to the package root, sometimes written with a leading slash.
  return posix.normalize(target.replace(/^\/+/, ''));
}

/** A part's relationships (Id to the target's path in the package), from the part's .rels file. */
export function partRelationships(relsXml: string, partName: string): Map<string, { type: string; path: string }> {
  const base = posix.dirname(partName);
  const relations = new Map<string, { type: string; path: string }>();
  for (const relation of xmlElements(relsXml, new Set(['Relationship']))) {
    const { Id: id, Target: target, Type: type, TargetMode: mode } = relation.attribs;
    if (id === undefined || target === undefined || mode === 'External') continue;
    // A target is relative to the part's folder, or to the package root with a leading slash.
    const path = target.startsWith('/') ? target.slice(1) : posix.join(base, target);
    relations.set(id, { type: type ?? '', path: posix.normalize(path) });
  }
  return relations;
}

/** Where the relationships of the part `partName` are kept (word/document.xml: word/_rels/document.xml.rels). */
export function relationshipsPartName(partName: string): string {
  return posix.join(posix.dirname(partName), '_rels', `${posix.basename(partName)}.rels`);
}

const ODT_PARTS = new Set(['content.xml', 'META-INF/manifest.xml']);

/** The body text of an .odt file's bytes. */
export function odtText(bytes: Uint8Array): string {
  return xmlText(openDocumentContent(bytes, ODT), ODT_RULES);
}

/** The content.xml of an OpenDocument package (.odt, .odp, .ods), refused when it is encrypted. */
export function openDocumentContent(bytes: Uint8Array, kind: string): string {
  const parts = readZipParts(bytes, kind, (name) => ODT_PARTS.has(name));
  const manifest = parts.get('META-INF/manifest.xml');
  if (manifest && encryptedParts(xmlPartText(manifest, 'manifest', kind)).has('content.xml')) {
    throw new ExtractError(ExtractErrorCode.encrypted, `Encrypted ${kind}: a password is needed to open it`);
  }
  return xmlPartText(requiredPart(parts, 'content.xml', kind), 'content.xml', kind);
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
