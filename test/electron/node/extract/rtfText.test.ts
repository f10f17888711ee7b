// The RTF reader's rules on hand-written RTF: code pages, Unicode with its fallback, fields,
// pictures and destinations a reader must skip.
import { describe, expect, it } from 'vitest';
import { rtfText } from '../../../../electron/node/extract/rtfText.ts';

const rtf = (body: string, header = '\\ansi\\ansicpg1252') => rtfText(Buffer.from(`{\\rtf1${header}{\\fonttbl{\\f0 Arial;}}${body}}`, 'latin1'));

describe('RTF text', () => {
  it('decodes hex escapes in the document code page', async () => {
    expect(await rtf('\\pard \\\'c0\\\'e1\\\'e2\\par', '\\ansi\\ansicpg1251')).toBe('Абв');
    expect(await rtf('\\pard caf\\\'e9 \\\'93q\\\'94\\par')).toBe('café “q”');
  });

  it('reads \\u characters and skips their fallback, as \\uc says', async () => {
    expect(await rtf('\\pard \\uc1\\u1055?\\u1088?\\u-3913?\\par')).toBe('Пр\uf0b7');
    expect(await rtf('\\pard {\\uc2\\u8364\\\'80x} and {\\uc0\\u8364 }euro\\par')).toBe('€ and €euro');
  });

  it('keeps a field result, leaves out its instruction, pictures, binary data and unknown \\* destinations', async () => {
    const body =
      '\\pard See {\\field{\\*\\fldinst HYPERLINK "https://example.org"}{\\fldrslt the site}} now.' +
      '{\\pict\\pngblip 89504e470d0a1a0a}{\\*\\shinyNewThing hidden words}{\\object{\\objdata 0102}} Done.\\par';
    expect(await rtf(body)).toBe('See the site now. Done.');
  });

  it('makes lines of paragraphs and line breaks, and a space of a tab', async () => {
    expect(await rtf('\\pard One\\line Two\\par\\pard Three\\tab Four\\par\r\n\\pard Five\\par')).toBe('One\nTwo\nThree Four\nFive');
  });

  it('ends hidden and deleted text at \\v0, \\deleted0, \\plain or the group end', async () => {
    expect(await rtf('\\pard a {\\v secret} b \\deleted gone\\deleted0 c \\v x\\plain  d\\par')).toBe('a b c d');
  });

  it('refuses a file without the RTF header', async () => {
    await expect(rtfText(Buffer.from('{\\notrtf}'))).rejects.toMatchObject({ code: 'ECORRUPT' });
  });
});
