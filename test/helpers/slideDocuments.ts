// PowerPoint (.pptx) and OpenDocument (.odp) slides of a text: its paragraphs (split by blank
// lines) taken in pairs, the first on a slide and the second in that slide's speaker notes, so
// the text reads in order only when each slide's notes follow it. Each carries what a reader must
// leave out, worded with OUTSIDE_WORDS: a layout's placeholder prompt, a comment, and the notes
// page's slide-number field. The .pptx's slide parts are numbered against the slide order.
import { escapeXml, OUTSIDE_WORDS, zipPackage } from './officeDocuments.ts';

const A = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';
const P = 'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function pairs(text: string): [string, string | undefined][] {
  const paragraphs = text.split('\n\n');
  return Array.from({ length: Math.ceil(paragraphs.length / 2) }, (_, i) => [paragraphs[2 * i]!, paragraphs[2 * i + 1]]);
}

function shape(body: string): string {
  return `<p:sp><p:nvSpPr><p:cNvPr id="2" name="Text"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/>${body}</p:txBody></p:sp>`;
}

function runs(paragraph: string): string {
  // Split runs, as any edited slide has them.
  const [first, ...rest] = paragraph.split(' ');
  return `<a:p><a:r><a:rPr lang="en-GB" b="1"/><a:t>${escapeXml(first!)}</a:t></a:r><a:r><a:rPr lang="en-GB"/><a:t xml:space="preserve"> ${escapeXml(rest.join(' '))}</a:t></a:r></a:p>`;
}

function relationships(entries: [string, string, string][]): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${entries
    .map(([id, type, target]) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`)
    .join('')}</Relationships>`;
}

export function renderPptx(text: string): Uint8Array {
  const slides = pairs(text);
  // The first slide shown is the last part by number.
  const part = (i: number) => slides.length - i;
  const entries: Record<string, string> = {
    '[Content_Types].xml': '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    '_rels/.rels': relationships([['rId1', 'officeDocument', 'ppt/presentation.xml']]),
    'ppt/presentation.xml': `<?xml version="1.0" encoding="UTF-8"?><p:presentation ${A} ${P} ${R}><p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rIdMaster"/></p:sldMasterIdLst><p:sldIdLst>${slides
      .map((_, i) => `<p:sldId id="${256 + i}" r:id="rIdSlide${part(i)}"/>`)
      .join('')}</p:sldIdLst></p:presentation>`,
    'ppt/_rels/presentation.xml.rels': relationships([
      ['rIdMaster', 'slideMaster', 'slideMasters/slideMaster1.xml'],
      ...slides.map((_, i): [string, string, string] => [`rIdSlide${part(i)}`, 'slide', `/ppt/slides/slide${part(i)}.xml`]),
    ]),
    'ppt/slideLayouts/slideLayout1.xml': `<?xml version="1.0"?><p:sldLayout ${A} ${P}><p:cSld><p:spTree>${shape(`<a:p><a:r><a:t>${OUTSIDE_WORDS[0]}</a:t></a:r></a:p>`)}</p:spTree></p:cSld></p:sldLayout>`,
    'ppt/comments/comment1.xml': `<?xml version="1.0"?><p:cmLst ${P}><p:cm authorId="0"><p:text>${OUTSIDE_WORDS[2]}</p:text></p:cm></p:cmLst>`,
  };
  slides.forEach(([slide, notes], i) => {
    const n = part(i);
    entries[`ppt/slides/slide${n}.xml`] = `<?xml version="1.0" encoding="UTF-8"?><p:sld ${A} ${P} ${R}><p:cSld><p:spTree>${shape(runs(slide))}</p:spTree></p:cSld></p:sld>`;
    const rels: [string, string, string][] = [['rId1', 'slideLayout', '../slideLayouts/slideLayout1.xml'], ['rId2', 'comments', '../comments/comment1.xml']];
    if (notes !== undefined) {
      rels.push(['rId3', 'notesSlide', `../notesSlides/notesSlide${n}.xml`]);
      const number = `<a:p><a:fld id="{1}" type="slidenum"><a:t>${i + 1}</a:t></a:fld></a:p>`;
      entries[`ppt/notesSlides/notesSlide${n}.xml`] = `<?xml version="1.0" encoding="UTF-8"?><p:notes ${A} ${P}><p:cSld><p:spTree>${shape(runs(notes))}${shape(number)}</p:spTree></p:cSld></p:notes>`;
    }
    entries[`ppt/slides/_rels/slide${n}.xml.rels`] = relationships(rels);
  });
  return zipPackage(entries);
}

const ODF_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/"';

function frame(paragraph: string, kind: string): string {
  return `<draw:frame presentation:class="${kind}"><draw:text-box><text:p>${escapeXml(paragraph)}</text:p></draw:text-box></draw:frame>`;
}

export function renderOdp(text: string): Uint8Array {
  const pages = pairs(text).map(([slide, notes], i) => {
    const comment = i === 0 ? `<office:annotation><dc:creator>A</dc:creator><text:p>${OUTSIDE_WORDS[2]}</text:p></office:annotation>` : '';
    const notesPage =
      notes === undefined ? '' : `<presentation:notes><draw:page-thumbnail draw:page-number="${i + 1}"/>${frame(notes, 'notes')}<draw:frame><draw:text-box><text:p><text:page-number>${i + 1}</text:page-number></text:p></draw:text-box></draw:frame></presentation:notes>`;
    return `<draw:page draw:name="page${i + 1}" draw:master-page-name="Default">${frame(slide, 'outline')}${comment}${notesPage}</draw:page>`;
  });
  const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NS} office:version="1.3"><office:body><office:presentation>${pages.join('')}</office:presentation></office:body></office:document-content>`;
  const styles = `<?xml version="1.0" encoding="UTF-8"?><office:document-styles ${ODF_NS}><office:master-styles><style:master-page style:name="Default">${frame(OUTSIDE_WORDS[0]!, 'title')}</style:master-page></office:master-styles></office:document-styles>`;
  return zipPackage(
    {
      mimetype: 'application/vnd.oasis.opendocument.presentation',
      'content.xml': content,
      'styles.xml': styles,
      'META-INF/manifest.xml':
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.presentation"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>',
    },
    ['mimetype'],
  );
}
