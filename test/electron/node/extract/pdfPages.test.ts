import { describe, expect, it } from 'vitest';
import { joinPdfPages } from '../../../../electron/node/extract/pdfPages.ts';

describe('joinPdfPages', () => {
  it('drops running headers and footers that recur, digits aside, on most pages of a long document', () => {
    const names = ['alpha', 'bravo', 'charlie', 'delta'];
    const pages = names.map((name, i) =>
      ['ACME Corp Confidential', `The ${name} chapter opens.`, `It goes on about ${name}.`, `It ends with ${name}.`, `Printed 2024-0${i + 1}-01`, `Page ${i + 1} of 4`].join('\n'),
    );
    expect(joinPdfPages(pages)).toBe(names.map((name) => `The ${name} chapter opens.\nIt goes on about ${name}.\nIt ends with ${name}.`).join('\n'));
  });

  it('keeps a line that recurs on fewer than most pages, or in a short document', () => {
    const pages = ['Intro\nalpha', 'Intro\nbravo', 'charlie\ndelta', 'echo\nfoxtrot', 'golf\nhotel'];
    expect(joinPdfPages(pages).split('\n').filter((line) => line === 'Intro')).toHaveLength(2);
    expect(joinPdfPages(['Header\nalpha', 'Header\nbravo'])).toBe('Header\nalpha\nHeader\nbravo');
  });

  it('drops page numbers at the edges of pages, however short the document', () => {
    expect(joinPdfPages(['12\nalpha', 'bravo\n- 13 -', 'charlie\nPage 3 of 9'])).toBe('alpha\nbravo\ncharlie');
    expect(joinPdfPages(['iv\nPreface text'])).toBe('Preface text');
  });

  it('keeps numbers inside the body', () => {
    const body = ['one', 'two', 'three', '42', 'four', 'five', 'six'].join('\n');
    expect(joinPdfPages([body])).toContain('\n42\n');
  });

  it('rejoins words hyphenated at a line end when the document writes the whole word, across pages too', () => {
    expect(joinPdfPages(['the docu-\nment was a document', 'long and hyphen-', 'ated, hyphenated'])).toBe('the document was a document\nlong and hyphenated, hyphenated');
    expect(joinPdfPages(['soft\u00ad\nhyphen'])).toBe('softhyphen');
  });

  it('looks the joined word up in any case and script, as a whole word only', () => {
    expect(joinPdfPages(['The DOCU-\nMENT and the document'])).toBe('The DOCUMENT and the document');
    expect(joinPdfPages(['die Über-\nprüfung, eine Überprüfung'])).toBe('die Überprüfung, eine Überprüfung');
    expect(joinPdfPages(['ÉTUDE of the docu-\nment, a DOCUMENT'])).toBe('ÉTUDE of the document, a DOCUMENT');
    // Written only inside longer words: not the document's word.
    expect(joinPdfPages(['a hyphen-\nated form, dehyphenated, hyphenatedness'])).toBe('a hyphen-ated form, dehyphenated, hyphenatedness');
  });

  it('never invents a word found in neither line: otherwise the hyphen stays', () => {
    expect(joinPdfPages(['requests are blocked-\nv4 only'])).toBe('requests are blocked-v4 only');
    expect(joinPdfPages(['a rare hyphen-\nated word'])).toBe('a rare hyphen-ated word');
    expect(joinPdfPages(['Anglo-\nSaxon'])).toBe('Anglo-Saxon');
    expect(joinPdfPages(['a well-known fact, so well-\nknown'])).toBe('a well-known fact, so well-known');
    expect(joinPdfPages(['a dash -\nthen more'])).toBe('a dash -\nthen more');
    expect(joinPdfPages(['year 1990-\n1995 saw growth'])).toBe('year 1990-\n1995 saw growth');
  });
});
