import { describe, expect, it } from 'vitest';
import { decodeFsName, displayPath, encodeFsName, hasEscapedBytes } from '../../shared/fsName.ts';

const utf8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));

describe('fsName', () => {
  it('maps valid UTF-8 to itself, including astral characters', () => {
    for (const name of ['plain.txt', 'résumé.pdf', '日本語.html', 'emoji-😀.md', '\uFFFD-real-replacement']) {
      expect(decodeFsName(utf8(name))).toBe(name);
      expect(Buffer.from(encodeFsName(name))).toEqual(Buffer.from(name, 'utf8'));
      expect(hasEscapedBytes(name)).toBe(false);
    }
  });

  it('round-trips invalid sequences byte for byte', () => {
    const cases = [
      [0x61, 0xff, 0x62],
      [0xc3], // truncated two-byte sequence
      [0xe2, 0x82], // truncated three-byte sequence
      [0xc0, 0xaf], // overlong '/'
      [0xed, 0xa0, 0x80], // encoded surrogate
      [0xf4, 0x90, 0x80, 0x80], // past U+10FFFF
      [0x80, 0x80, 0xe9, 0x74, 0xe9], // Latin-1 "été"-like bytes
    ];
    for (const bytes of cases) {
      const name = decodeFsName(Uint8Array.from(bytes));
      expect(hasEscapedBytes(name)).toBe(true);
      expect([...encodeFsName(name)]).toEqual(bytes);
    }
  });

  it('shows escaped bytes as \\xNN and survives JSON', () => {
    const name = decodeFsName(Uint8Array.from([0x61, 0xff]));
    expect(displayPath(name)).toBe('a\\xFF');
    expect(JSON.stringify(name)).toBe('"a\\udcff"');
    expect(JSON.parse(JSON.stringify(name))).toBe(name);
  });

  it('shows bidirectional and other control characters escaped, so a name cannot show as another', () => {
    // Shown as they are, "invoice\u202Efdp.exe" reads "invoiceexe.pdf".
    expect(displayPath('/docs/invoice\u202Efdp.exe')).toBe('/docs/invoice\\u202Efdp.exe');
    for (const [char, shown] of [
      ['\u061C', '\\u061C'],
      ['\u200E', '\\u200E'],
      ['\u200F', '\\u200F'],
      ['\u202A', '\\u202A'],
      ['\u202D', '\\u202D'],
      ['\u2066', '\\u2066'],
      ['\u2069', '\\u2069'],
      ['\n', '\\x0A'],
      ['\u007F', '\\x7F'],
    ]) {
      expect(displayPath(`a${char}b.txt`), shown).toBe(`a${shown}b.txt`);
    }
    // Escaped bytes and controls in one name, and what is neither left as it is (a joiner in an emoji, Arabic, Hebrew).
    expect(displayPath(`${decodeFsName(Uint8Array.from([0xff]))}\u2067x`)).toBe('\\xFF\\u2067x');
    expect(displayPath('👩\u200D💻 تقرير דוח.pdf')).toBe('👩\u200D💻 تقرير דוח.pdf');
  });
});
