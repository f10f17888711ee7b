import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeText } from '../../../../electron/node/extract/decodeText.ts';
import { candidateFormat, detectFormat, namedNonDocument } from '../../../../electron/node/extract/detectFormat.ts';

const ascii = (text: string) => new TextEncoder().encode(text);
const utf16le = (text: string, bom = true) => Buffer.concat([Buffer.from(bom ? [0xff, 0xfe] : []), Buffer.from(text, 'utf16le')]);

describe('candidateFormat', () => {
  it('goes by extension, and by name for the prose files of a source tree', () => {
    expect(candidateFormat('/d/report.PDF')).toBe('pdf');
    expect(candidateFormat('/d/page.htm')).toBe('html');
    expect(candidateFormat('/d/page.xhtml')).toBe('html');
    expect(candidateFormat('/d/notes.md')).toBe('text');
    expect(candidateFormat('/d/main.rs')).toBe('text');
    expect(candidateFormat('/d/README')).toBe('text');
    expect(candidateFormat('/d/debian/copyright')).toBe('text');
    for (const [name, format] of [['old.DOC', 'doc'], ['talk.pptx', 'pptx'], ['talk.ppsx', 'pptx'], ['talk.odp', 'odp'], ['sums.xlsx', 'xlsx'], ['sums.xlsm', 'xlsx'], ['sums.ods', 'ods'], ['letter.eml', 'eml']]) {
      expect([name, candidateFormat(`/d/${name}`)]).toEqual([name, format]);
    }
    expect(candidateFormat('/d/photo.jpg')).toBeNull();
    expect(candidateFormat('/d/Makefile')).toBeNull();
  });
});

describe('detectFormat', () => {
  it('takes text named like text when its bytes look like text', () => {
    expect(detectFormat('/d/README', ascii('Shingle\n=======\n\nFinds duplicates.\n'))).toEqual({ ok: true, format: 'text' });
    expect(detectFormat('/d/old.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0d, 0x0a]))).toEqual({ ok: true, format: 'text' });
    expect(detectFormat('/d/empty.txt', new Uint8Array())).toEqual({ ok: true, format: 'text' });
  });

  it('rejects binary named like text', () => {
    const withNuls = Buffer.concat([ascii('MZ'), Buffer.alloc(64), randomBytes(4000)]);
    expect(detectFormat('/d/setup.txt', withNuls)).toMatchObject({ ok: false, code: 'EBINARY' });
    // Compressed data has no telltale NULs, but a tenth of its bytes are control characters.
    const noNuls = randomBytes(8192).map((byte) => byte || 1);
    expect(detectFormat('/d/archive.log', noNuls)).toMatchObject({ ok: false, code: 'EBINARY' });
    expect(detectFormat('/d/page.html', withNuls)).toMatchObject({ ok: false, code: 'EBINARY' });
  });

  it('counts control bytes wherever they sit: more than 1 in 100 makes text binary', () => {
    const text = Buffer.from('plain words, a line at a time\n'.repeat(300).slice(0, 8000), 'latin1');
    for (const offset of [0, 1, 4]) {
      // At every position of a four-byte word, and in the bytes after the last whole word.
      const mark = (count: number, byte: number) => {
        const marked = Buffer.alloc(offset + text.length);
        text.copy(marked, offset);
        for (let k = 0; k < count; k++) marked[offset + ((k * 97) % text.length)] = byte;
        marked[marked.length - 1] = byte;
        return marked.subarray(offset);
      };
      expect(detectFormat('/d/log.txt', mark(70, 0x07))).toEqual({ ok: true, format: 'text' });
      expect(detectFormat('/d/log.txt', mark(90, 0x07))).toMatchObject({ ok: false, code: 'EBINARY' });
      // Bytes Windows-1252 leaves unassigned count only outside valid UTF-8.
      expect(detectFormat('/d/log.txt', mark(90, 0x81))).toMatchObject({ ok: false, code: 'EBINARY' });
      expect(detectFormat('/d/log.txt', mark(90, 0x7f))).toMatchObject({ ok: false, code: 'EBINARY' });
    }
  });

  it('takes UTF-16 as text despite its NULs, with or without a byte-order mark', () => {
    expect(detectFormat('/d/notes.md', utf16le('# Notes\r\nplain words'))).toEqual({ ok: true, format: 'text' });
    expect(detectFormat('/d/notes.txt', utf16le('plain words in utf-16', false))).toEqual({ ok: true, format: 'text' });
  });

  it('goes by the PDF signature over the name', () => {
    expect(detectFormat('/d/scan.txt', ascii('%PDF-1.7\n%\xe2\xe3\n'))).toEqual({ ok: true, format: 'pdf' });
    expect(detectFormat('/d/report', ascii('%PDF-1.4\n'))).toEqual({ ok: true, format: 'pdf' });
    expect(detectFormat('/d/junk-first.pdf', ascii('garbage line\n%PDF-1.4\n'))).toEqual({ ok: true, format: 'pdf' });
    expect(detectFormat('/d/fake.pdf', ascii('<html>not a pdf</html>'))).toMatchObject({ ok: false, code: 'ECORRUPT' });
    expect(detectFormat('/d/quote.txt', ascii('A PDF starts with %PDF-1.4\n'))).toEqual({ ok: true, format: 'text' });
    // Within the first kilobyte for a name promising a PDF: starting at byte 1023, not at 1024.
    expect(detectFormat('/d/late.pdf', ascii(`${'x'.repeat(1023)}%PDF-1.4\n`))).toEqual({ ok: true, format: 'pdf' });
    expect(detectFormat('/d/late.pdf', ascii(`${'x'.repeat(1024)}%PDF-1.4\n`))).toMatchObject({ ok: false, code: 'ECORRUPT' });
    expect(detectFormat('/d/photo.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toMatchObject({ ok: false, code: 'ENOTDOC' });
  });
});

describe('detectFormat on packaged formats', () => {
  const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]);
  const emptyZip = Buffer.from([0x50, 0x4b, 0x05, 0x06, 0x00, 0x00]);
  const compoundFile = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00]);
  const noise = Buffer.from([0x13, 0x37, 0xca, 0xfe, 0x00, 0x01, 0x02, 0x03, 0x04]);

  it('lets a zip package through to its reader by its zip or compound file signature', () => {
    for (const name of ['a.docx', 'a.xlsx', 'a.pptx', 'a.odt', 'a.ods', 'a.odp', 'a.epub']) {
      for (const head of [zip, emptyZip, compoundFile]) expect([name, detectFormat(`/d/${name}`, head).ok]).toEqual([name, true]);
    }
  });

  it('refuses a zip package without the signature, with its reader’s message', () => {
    expect(detectFormat('/d/letter.docx', noise)).toEqual({ ok: false, code: 'ECORRUPT', message: 'Not a Word document: no zip signature' });
    expect(detectFormat('/d/sums.xlsx', noise)).toEqual({ ok: false, code: 'ECORRUPT', message: 'Not an Excel workbook: no zip signature' });
    expect(detectFormat('/d/book.epub', ascii('just text'))).toEqual({ ok: false, code: 'ECORRUPT', message: 'Not an EPUB book: no zip signature' });
    expect(detectFormat('/d/short.odt', zip.subarray(0, 3))).toMatchObject({ ok: false, code: 'ECORRUPT' });
    // A PDF under such a name is still read as the PDF it is.
    expect(detectFormat('/d/letter.docx', ascii('%PDF-1.4\n'))).toEqual({ ok: true, format: 'pdf' });
  });

  it('refuses an RTF document without its {\\rtf header in the first bytes, as its reader does', () => {
    for (const head of ['{\\rtf1\\ansi', '\r\n  { \\rtf1', '\uFEFF{\\rtf1']) expect(detectFormat('/d/letter.rtf', ascii(head)).ok).toBe(true);
    expect(detectFormat('/d/letter.rtf', Buffer.from([0xef, 0xbb, 0xbf, ...ascii('{\\rtf1')]))).toEqual({ ok: true, format: 'rtf' });
    expect(detectFormat('/d/letter.rtf', ascii('Dear Ann, plain words'))).toEqual({ ok: false, code: 'ECORRUPT', message: 'Not an RTF document: no {\\rtf header' });
  });

  it('refuses a .doc that is no compound file, RTF or .docx', () => {
    for (const head of [compoundFile, zip, ascii('{\\rtf1\\ansi')]) expect(detectFormat('/d/old.doc', head).ok).toBe(true);
    expect(detectFormat('/d/old.doc', noise)).toEqual({ ok: false, code: 'ECORRUPT', message: 'Not a Word 97–2003 document: no compound file signature' });
  });
});

describe('detectFormat on names that do not decide', () => {
  const names = ['/d/changelog.Debian', '/d/NEWS.Debian', '/common-licenses/Apache-2.0', '/d/Makefile', '/d/data.json', '/d/pom.xml', '/d/ci.yaml', '/d/setup.ini', '/d/notes.whatever'];

  it('sniffs text by its bytes, whatever the name', () => {
    for (const name of names) expect(detectFormat(name, ascii('Apache License\nVersion 2.0, January 2004\n')), name).toEqual({ ok: true, format: 'text' });
    expect(detectFormat('/d/legacy', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x93, 0x71, 0x94, 0x0a]))).toEqual({ ok: true, format: 'text' });
    expect(detectFormat('/d/notes.Debian', utf16le('plain words in utf-16', false))).toEqual({ ok: true, format: 'text' });
    expect(detectFormat('/d/notes.Debian', utf16le('plain words in utf-16'))).toEqual({ ok: true, format: 'text' });
  });

  it('sniffs HTML and PDF by their signatures', () => {
    expect(detectFormat('/d/index', ascii('\n  <!DOCTYPE html>\n<html><body>x</body></html>'))).toEqual({ ok: true, format: 'html' });
    expect(detectFormat('/d/page.xml', ascii('<?xml version="1.0"?>\n<!-- c -->\n<html xmlns="http://www.w3.org/1999/xhtml">'))).toEqual({ ok: true, format: 'html' });
    expect(detectFormat('/d/page.Debian', utf16le('<html><head><title>t</title>'))).toEqual({ ok: true, format: 'html' });
    expect(detectFormat('/d/feed.xml', ascii('<?xml version="1.0"?>\n<rss><channel/></rss>'))).toEqual({ ok: true, format: 'text' });
    expect(detectFormat('/d/manual', ascii('%PDF-1.5\n'))).toEqual({ ok: true, format: 'pdf' });
  });

  it('passes over binaries and empty files silently (no error to report)', () => {
    const gzip = Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0x00]), randomBytes(4000)]);
    expect(detectFormat('/d/changelog.Debian.old', gzip)).toMatchObject({ ok: false, code: 'ENOTDOC' });
    expect(detectFormat('/d/blob', randomBytes(8192).map((byte) => byte || 1))).toMatchObject({ ok: false, code: 'ENOTDOC' });
    expect(detectFormat('/d/empty', new Uint8Array())).toMatchObject({ ok: false, code: 'ENOTDOC' });
  });

  it('rules out media, archives and compiled code by name, without looking at the bytes', () => {
    for (const name of ['/d/changelog.Debian.gz', '/d/logo.PNG', '/d/libx.so', '/d/font.woff2', '/d/pkg.deb']) {
      expect(namedNonDocument(name), name).toBe(true);
      expect(detectFormat(name, ascii('looks like text')), name).toMatchObject({ ok: false, code: 'ENOTDOC' });
    }
    for (const name of names) expect(namedNonDocument(name), name).toBe(false);
  });
});

describe('decodeText', () => {
  it('reads UTF-8 with or without a byte-order mark', () => {
    expect(decodeText(ascii('naïve café'))).toBe('naïve café');
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), ascii('naïve')]))).toBe('naïve');
  });

  it('reads UTF-16 in both byte orders', () => {
    expect(decodeText(utf16le('Grüße'))).toBe('Grüße');
    const be = Buffer.from(utf16le('Grüße')).swap16();
    expect(decodeText(be)).toBe('Grüße');
    expect(decodeText(utf16le('plain words in utf-16', false))).toBe('plain words in utf-16');
  });

  it('reads bytes that are not UTF-8 as Windows-1252', () => {
    // café, then “quoted” with the curly quotes of Windows-1252.
    const bytes = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x93, 0x71, 0x94]);
    expect(decodeText(bytes)).toBe('café “q”');
  });

  it('keeps UTF-8 with a few stray bytes as UTF-8', () => {
    const bytes = Buffer.concat([ascii('déjà vu, naïve, café, '), Buffer.from([0xff]), ascii(' fin')]);
    expect(decodeText(bytes)).toBe('déjà vu, naïve, café, \uFFFD fin');
  });

  it('honours a declared charset, but not over a byte-order mark', () => {
    expect(decodeText(Buffer.from([0x63, 0x61, 0x66, 0xe9]), 'iso-8859-15')).toBe('café');
    expect(decodeText(Buffer.from([0xc4, 0xe5]), 'windows-1251')).toBe('Де');
    expect(decodeText(utf16le('Grüße'), 'windows-1252')).toBe('Grüße');
    expect(decodeText(ascii('naïve'), 'no-such-charset')).toBe('naïve');
  });
});
