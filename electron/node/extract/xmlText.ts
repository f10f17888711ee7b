// The running text of an XML part (a Word or OpenDocument body), by rules saying which elements
// hold the document's words, which end a line and which are left out. htmlparser2 reads the XML:
// it decodes only XML's five named entities and character references and never expands an
// entity a document declares, and a part that declares any is refused outright.
import { Parser } from 'htmlparser2';
import { decodeText } from './decodeText.ts';
import { ExtractError, ExtractErrorCode } from './extractError.ts';
import { declaredCharset } from './htmlText.ts';

export interface XmlTextRules {
  /** Elements whose whole content is left out (deleted text, comments, field codes, notes). */
  skip: ReadonlySet<string>;
  /** Elements whose text is the document's; text elsewhere is markup whitespace. */
  text: ReadonlySet<string>;
  /** Elements that end a line: paragraphs, headings. */
  blocks: ReadonlySet<string>;
  /** Empty elements that stand for a character: a tab, a line break, a non-breaking hyphen. */
  characters: ReadonlyMap<string, string>;
}

/** A line break within the text: collapsed with the whitespace around it into one newline. */
export const LINE_BREAK = '\0';

// Billion laughs and external entities both need a declaration.
const ENTITY_DECLARATION = /<!ENTITY/;

/** Decodes an XML part in its declared (or sniffed) encoding. */
export function xmlPartText(bytes: Uint8Array, name: string, kind: string): string {
  const xml = decodeText(bytes, declaredCharset(bytes));
  if (ENTITY_DECLARATION.test(xml)) {
    throw new ExtractError(ExtractErrorCode.corrupt, `Refused ${kind}: ${name} declares XML entities`);
  }
  return xml;
}

/** The text of an XML document under `rules`, one line per block. */
export function xmlText(xml: string, rules: XmlTextRules): string {
  const parts: string[] = [];
  // One entry per open element: 1 when it is skipped, 2 when it holds text, 0 otherwise.
  const roles: number[] = [];
  let skipped = 0;
  let inText = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        const role = rules.skip.has(name) ? 1 : rules.text.has(name) ? 2 : 0;
        roles.push(role);
        if (role === 1) skipped++;
        if (role === 2) inText++;
        if (skipped > 0) return;
        const character = rules.characters.get(name);
        if (character !== undefined) parts.push(character);
      },
      onclosetag(name) {
        const role = roles.pop();
        if (role === 1) skipped--;
        if (role === 2) inText--;
        if (skipped === 0 && rules.blocks.has(name)) parts.push(LINE_BREAK);
      },
      ontext(data) {
        if (skipped === 0 && inText > 0) parts.push(data);
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return layoutLines(parts.join(''));
}

/**
 * Text with LINE_BREAK marks laid out as the HTML and PDF readers lay theirs out: whitespace runs
 * collapse to one space, and breaks with the spaces around them to one newline.
 */
export function layoutLines(text: string): string {
  return text.replace(/\s{2,}|[^\S ]/g, ' ').replace(/ ?\0[\0 ]*/g, '\n').trim();
}

export interface XmlElement {
  /** The name without its namespace prefix ("rootfile" for "opf:rootfile"). */
  name: string;
  attribs: Record<string, string>;
  /** The local names of the open elements around it, outermost first. */
  ancestors: string[];
}

/** The elements of a small XML part (a manifest, a relationship list) whose local name `wanted` accepts. */
export function xmlElements(xml: string, wanted: ReadonlySet<string>): XmlElement[] {
  const found: XmlElement[] = [];
  const open: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const local = localName(name);
        if (wanted.has(local)) found.push({ name: local, attribs: localAttribs(attribs), ancestors: [...open] });
        open.push(local);
      },
      onclosetag() {
        open.pop();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return found;
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

function localAttribs(attribs: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(attribs).map(([name, value]) => [localName(name), value]));
}
