// Slides (.pptx, PowerPoint; .odp, OpenDocument presentation): each slide's text, then its
// speaker notes, slide after slide in the order the presentation shows them. Masters and layouts
// are not read: their placeholder prompts ("Click to add title") are never shown. Fields (slide
// numbers, dates) are left out, as are comments, charts and diagrams, which live in other parts.
import { ExtractError, ExtractErrorCode } from './extractError.ts';
import { ODT_RULES, openDocumentContent, partRelationships, readMainPart, relationshipsPartName } from './officeText.ts';
import { LINE_BREAK, xmlElements, xmlPartText, xmlText } from './xmlText.ts';
import type { XmlTextRules } from './xmlText.ts';
import { readZipParts } from './zipPackage.ts';
import { FORMAT_KINDS } from './packageSignatures.ts';

const PPTX = FORMAT_KINDS.pptx;
const ODP = FORMAT_KINDS.odp;
const USUAL_PRESENTATION = 'ppt/presentation.xml';
const SLIDE_TYPE = /\/slide$/;
const NOTES_TYPE = /\/notesSlide$/;

// DrawingML text: paragraphs of runs. Producers write the "a" prefix for its namespace, as Word
// writes "w" (see officeText.ts).
const SLIDE_RULES: XmlTextRules = {
  skip: new Set([
    // Slide numbers, dates and other fields: the notes page's number is not the slide's content.
    'a:fld',
    // Drawing alternatives: the fallback repeats what the chosen content holds.
    'mc:Fallback',
  ]),
  text: new Set(['a:t']),
  blocks: new Set(['a:p']),
  characters: new Map([['a:br', LINE_BREAK]]),
};

/** The text of a .pptx file's bytes: each slide's text, then its notes, in presentation order. */
export function pptxText(bytes: Uint8Array): string {
  const presentation = readMainPart(bytes, PPTX, USUAL_PRESENTATION);
  const presentationRels = relationshipsPartName(presentation.name);
  const rels = readZipParts(bytes, PPTX, (name) => name === presentationRels).get(presentationRels);
  if (!rels) throw new ExtractError(ExtractErrorCode.corrupt, `Unreadable ${PPTX}: ${presentationRels} is missing`);
  const targets = partRelationships(xmlPartText(rels, presentationRels, PPTX), presentation.name);
  // The slide list gives the order; the relationships say which part each entry is.
  const slides = xmlElements(xmlPartText(presentation.bytes, presentation.name, PPTX), new Set(['sldId']))
    .map((entry) => targets.get(entry.attribs.id ?? ''))
    .filter((target) => target !== undefined && SLIDE_TYPE.test(target.type))
    .map((target) => target!.path);

  const wanted = new Set(slides.flatMap((slide) => [slide, relationshipsPartName(slide)]));
  const slideParts = readZipParts(bytes, PPTX, (name) => wanted.has(name));
  const notes = new Map<string, string>();
  for (const slide of slides) {
    const slideRels = slideParts.get(relationshipsPartName(slide));
    if (!slideRels) continue;
    const note = [...partRelationships(xmlPartText(slideRels, relationshipsPartName(slide), PPTX), slide).values()].find((r) => NOTES_TYPE.test(r.type));
    if (note) notes.set(slide, note.path);
  }
  const noteNames = new Set(notes.values());
  const noteParts = noteNames.size > 0 ? readZipParts(bytes, PPTX, (name) => noteNames.has(name)) : new Map<string, Uint8Array>();

  const texts: string[] = [];
  for (const slide of slides) {
    const part = slideParts.get(slide);
    if (part) texts.push(xmlText(xmlPartText(part, slide, PPTX), SLIDE_RULES));
    const note = notes.get(slide);
    const notePart = note === undefined ? undefined : noteParts.get(note);
    if (notePart) texts.push(xmlText(xmlPartText(notePart, note!, PPTX), SLIDE_RULES));
  }
  return texts.filter((text) => text !== '').join('\n');
}

// A page's notes (presentation:notes) follow its frames in content.xml, so document order is
// slide text, then notes, page after page. Page numbers and dates are fields, left out.
const ODP_RULES: XmlTextRules = {
  ...ODT_RULES,
  skip: new Set([...ODT_RULES.skip, 'text:page-number', 'text:date', 'text:time']),
};

/** The text of an .odp file's bytes: each page's text, then its notes, in page order. */
export function odpText(bytes: Uint8Array): string {
  return xmlText(openDocumentContent(bytes, ODP), ODP_RULES);
}
