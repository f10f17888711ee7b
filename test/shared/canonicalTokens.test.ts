import { describe, expect, it } from 'vitest';
import { hashString32 } from '../../shared/fingerprint/hash32.ts';
import { canonicalTokenHashes, canonicalTokens } from '../../shared/text/canonicalTokens.ts';
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
