import { describe, expect, it } from 'vitest';
import { forEachSentence, looksLikeProse, sentenceAt, splitSentences } from '../../shared/text/sentences.ts';

// Periods before lower case end no sentence; line breaks and tabs are collapsed by tidying.
const line = 'alpha beta. gamma delta\tepsilon zeta. eta theta iota kappa lambda mu\n';

describe('sentences of a long text', () => {
  it('gives spans whose sentence is the one visited', () => {
    const text = `First one here. Second\n\tone there! ${line.repeat(3)}`;
    const seen: string[] = [];
    forEachSentence(text, (sentence, start, end) => {
      expect(sentenceAt(text, start, end)).toBe(sentence);
      seen.push(sentence);
    });
    expect(seen).toEqual(splitSentences(text));
    expect(seen[1]).toBe('Second one there!');
  });

  it('tidies a sentence longer than a tidying part as a whole would be', () => {
    const text = `Start ${line.repeat(40_000)}`;
    const [sentence] = splitSentences(text);
    expect(splitSentences(text)).toHaveLength(1);
    expect(sentence).toBe(text.replace(/\s+/gu, ' ').trim());
  });

  it('quotes a prefix of a long sentence, longer than the limit asked for', () => {
    const text = `Start ${line.repeat(40_000)}`;
    const whole = splitSentences(text)[0]!;
    const prefix = sentenceAt(text, 0, text.length, 200);
    expect(prefix.length).toBeGreaterThan(200);
    expect(prefix.length).toBeLessThan(1000);
    expect(whole.startsWith(prefix)).toBe(true);
  });

  it('judges prose by words, ending and letters without splitting it', () => {
    expect(looksLikeProse('The board approved the budget last week.')).toBe(true);
    expect(looksLikeProse('Too short here.')).toBe(false);
    expect(looksLikeProse('Värmen i Åre stängde vägen igår.')).toBe(true);
    expect(looksLikeProse('Figures 12345 67890 11121 31415 were 92653.')).toBe(false);
    expect(looksLikeProse('Les 𝐀𝐁𝐂 de la ville sont là.')).toBe(true);
  });
});
