import { describe, expect, it } from 'vitest';
import { hashString32 } from '../../shared/fingerprint/hash32.ts';
import { canonicalTokenHashes, canonicalTokenHashesGeneralPath, canonicalTokens } from '../../shared/text/canonicalTokens.ts';
import { codePointFlags, UNSAFE } from '../../shared/text/charClasses.ts';
import { splitParagraphs, splitSentences } from '../../shared/text/sentences.ts';
import { seededRandom } from './textFixtures.ts';

describe('canonicalTokens', () => {
  it('applies NFKC: ligatures, full-width forms, superscripts', () => {
    expect(canonicalTokens('ﬁnancial ﬂow, ﬀ')).toEqual(['financial', 'flow', 'ff']);
    expect(canonicalTokens('ＡＢＣ１２３　ｄｅｆ')).toEqual(['abc123', 'def']);
    expect(canonicalTokens('x² ½')).toEqual(['x2', '1', '2']);
  });

  it('folds case, including ß and final sigma', () => {
    expect(canonicalTokens('HeLLo WORLD')).toEqual(['hello', 'world']);
    expect(canonicalTokens('Straße STRASSE strasse')).toEqual(['strasse', 'strasse', 'strasse']);
    expect(canonicalTokens('ΟΔΟΣ οδος')).toEqual(['οδοσ', 'οδοσ']);
    expect(canonicalTokens('İstanbul')).toEqual(['istanbul']);
  });

  it('keeps accented letters, and composes decomposed ones', () => {
    expect(canonicalTokens('café cafe')).toEqual(['café', 'cafe']);
    expect(canonicalTokenHashes('cafe\u0301')).toEqual(canonicalTokenHashes('café'));
    expect(canonicalTokens('Ångström naïve')).toEqual(['ångström', 'naïve']);
  });

  it('ignores punctuation, whitespace and line breaks', () => {
    const plain = 'The quarterly report, as filed: revenue rose 12% (year-over-year).\nSee p. 4!';
    const variants = [
      'the quarterly report as filed revenue rose 12 year over year see p 4',
      'The  quarterly\r\nreport,\tas filed —\n\nrevenue rose 12 %\u00a0(year–over–year). See p.4',
      '“The quarterly report” — as filed; revenue rose 12% [year/over/year]…\fSee p. 4.',
    ];
    for (const variant of variants) expect(canonicalTokenHashes(variant)).toEqual(canonicalTokenHashes(plain));
  });

  it('does not split words at soft hyphens or zero-width joiners, nor make tokens of them', () => {
    expect(canonicalTokens('hy\u00adphen\u200bated zero\u200dwidth')).toEqual(['hyphen', 'ated', 'zerowidth']);
    expect(canonicalTokens('I ❤️ emoji \u200d 👍🏽!')).toEqual(['i', 'emoji']);
  });

  it('turns CJK runs into overlapping bigrams, and a lone character into itself', () => {
    expect(canonicalTokens('東京都')).toEqual(['東京', '京都']);
    expect(canonicalTokens('猫')).toEqual(['猫']);
    expect(canonicalTokens('abc漢字def 2024年')).toEqual(['abc', '漢字', 'def', '2024', '年']);
    expect(canonicalTokens('カタカナ、ひらがな')).toEqual(['カタ', 'タカ', 'カナ', 'ひら', 'らが', 'がな']);
    expect(canonicalTokens('한국어')).toEqual(['한국', '국어']);
    // Half-width katakana is NFKC-normalized first.
    expect(canonicalTokens('ｶﾀｶﾅ')).toEqual(canonicalTokens('カタカナ'));
  });

  it('handles astral characters', () => {
    expect(canonicalTokens('𝐁𝐨𝐥𝐝 text 😀 𠀀𠀁')).toEqual(['bold', 'text', '𠀀𠀁']);
  });

  it('hashes each token exactly as hashString32 hashes its string', () => {
    const random = seededRandom(7);
    const alphabet = 'aZé ß\u0301ﬁ.,\n東京カ한😀𝐀\u00ad-Σς1２İ\ufe0f\u{e0100}𐐀';
    const chars = [...alphabet];
    for (let round = 0; round < 300; round++) {
      let text = '';
      const length = Math.floor(random() * 40);
      for (let i = 0; i < length; i++) text += chars[Math.floor(random() * chars.length)];
      const strings = canonicalTokens(text);
      expect([...canonicalTokenHashes(text)]).toEqual(strings.map(hashString32));
      for (const token of strings) expect(token).toMatch(/^[\p{L}\p{N}\p{M}]+$/u);
    }
  });

  it('gives the same tokens through the fast paths (ASCII runs, normalizing stretches) as through the general path', () => {
    const random = seededRandom(13);
    // Mostly ASCII prose and punctuation, with what breaks out of the fast path: accents, ß, İ,
    // final sigma, combining marks, ligatures and full-width forms (which NFKC changes), ignored
    // invisibles, bigram scripts, astral letters and emoji, lone surrogates.
    const ascii = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789     .,;:!?\'"()-_/\n\t'];
    const other = [...'éÉüßẞİıΣσςЖжاب\u0301\u0308\u0338ﬁﬂＡ１\u00a0…½²™\u00ad\u200b\u200c\u200d\ufeff\ufe0f東京カタ한국ไทย'];
    // Marks and jamo that compose with what precedes them, separators included (=\u0338 is ≠).
    other.push('😀', '𝐀', '𐐀', '𠀀', '\u{e0100}', '\ud800', '\udc00', 'e\u0301', 'ᄀ', 'ᅡ', 'ᆨ', 'ｶﾞ', '=\u0338', ' \u0338', '<', '\u0338');
    const pick = (chars: string[]) => chars[Math.floor(random() * chars.length)]!;
    for (let round = 0; round < 600; round++) {
      let text = '';
      // Short texts dense in other characters, and long ones where they are far apart: each
      // normalized stretch then ends, and the scan goes on checking, several times per text.
      const long = round % 3 === 0;
      const length = Math.floor(random() ** 2 * (long ? 4000 : 400));
      const otherShare = long ? random() * 0.01 : random() * 0.5;
      for (let i = 0; i < length; i++) text += random() < otherShare ? pick(other) : pick(ascii);
      const expected = canonicalTokens(text).map(hashString32);
      expect([...canonicalTokenHashesGeneralPath(text)]).toEqual(expected);
      expect([...canonicalTokenHashes(text)]).toEqual(expected);
    }
  });

  it('gives the same tokens on texts longer than a scan chunk, normal or not', () => {
    const random = seededRandom(17);
    const words = ['Straße', 'naïve', '東京都', 'plain', 'text', 'x²', 'ﬁnal', '😀', 'ΟΔΟΣ', 'a\u0301b'];
    for (const normal of [true, false]) {
      let text = '';
      // ~50,000 characters: several chunks of the scan, words cut at chunk boundaries.
      while (text.length < 50_000) {
        const word = words[Math.floor(random() * words.length)]!;
        text += normal && word.normalize('NFKC') !== word ? 'word ' : `${word}${random() < 0.1 ? '\n' : ' '}`;
      }
      expect(text.normalize('NFKC') === text).toBe(normal);
      const expected = canonicalTokens(text).map(hashString32);
      expect(expected.length).toBeGreaterThan(5000);
      expect([...canonicalTokenHashesGeneralPath(text)]).toEqual(expected);
      expect([...canonicalTokenHashes(text)]).toEqual(expected);
    }
  });

  it('returns nothing for text without letters or digits', () => {
    expect(canonicalTokenHashes('').length).toBe(0);
    expect(canonicalTokenHashes(' \n—…!? ').length).toBe(0);
  });
});

describe('splitSentences', () => {
  it('splits at terminators followed by space, not at abbreviations, initials or decimals', () => {
    const text = 'Dr. Smith paid $3.50 for it. J. R. Tolkien wrote e.g. this!  Did he?\nYes… she said.';
    expect(splitSentences(text)).toEqual(['Dr. Smith paid $3.50 for it.', 'J. R. Tolkien wrote e.g. this!', 'Did he?', 'Yes…', 'she said.']);
  });

  it('splits at blank lines and ideographic terminators, never at single line breaks', () => {
    expect(splitSentences('Heading\n\nFirst line\nstill the same sentence.')).toEqual(['Heading', 'First line still the same sentence.']);
    expect(splitSentences('今日は晴れです。明日は雨！')).toEqual(['今日は晴れです。', '明日は雨！']);
  });

  it('keeps a closing quote with its sentence and drops pieces without words', () => {
    expect(splitSentences('He said "stop." Then — ... — left.')).toEqual(['He said "stop."', 'Then — ...', '— left.']);
  });
});

describe('splitParagraphs', () => {
  it('splits at blank lines and form feeds', () => {
    expect(splitParagraphs('One\ntwo.\n\n  \nThree.\r\n\r\nFour\fFive\n\n---\n')).toEqual(['One two.', 'Three.', 'Four', 'Five']);
  });
});

describe('character classes', () => {
  it('flags every character NFKC may change, reorder or compose with what precedes it', () => {
    // The tokenizer leaves text unnormalized up to the first flagged character and normalizes
    // from a word boundary before it: both are right only if every other character is NFKC-stable,
    // a starter (combining class 0) and never the second half of a composition.
    const secondHalves = new Set<number>();
    const safe: number[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      const decomposed = [...ch.normalize('NFD')];
      for (const part of decomposed.slice(1)) secondHalves.add(part.codePointAt(0)!);
      if ((codePointFlags(cp) & UNSAFE) === 0) safe.push(cp);
    }
    const wrong = safe.filter((cp) => {
      const first = [...String.fromCodePoint(cp).normalize('NFD')][0]!;
      // A non-starter would move before U+0334 (combining class 1) in canonical order.
      const reorders = `a${first}\u0334`.normalize('NFD') !== `a${first}\u0334`;
      return secondHalves.has(cp) || reorders || String.fromCodePoint(cp).normalize('NFKC') !== String.fromCodePoint(cp);
    });
    expect(wrong.map((cp) => cp.toString(16))).toEqual([]);
    expect(safe.length).toBeGreaterThan(100_000);
    // The check above sees this runtime's Unicode data only, and the flags (charClasses.ts) list
    // compositions by hand: a runtime with newer data (Node, Electron) must be checked again there.
    expect(process.versions.unicode).toBe('17.0');
  });
});
