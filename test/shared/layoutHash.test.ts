// The layout hash: blind to spacing and line ends, not to punctuation, case or digits.
import { describe, expect, it } from 'vitest';
import { layoutHash } from '../../shared/text/layoutHash.ts';

describe('layoutHash', () => {
  const text = 'Total due: 1.50 EUR per unit.\nThank you.';

  it('is the same for other spacing, wrapping and line ends', () => {
    for (const spaced of ['Total due: 1.50 EUR per unit.\r\nThank you.', '  Total  due:\t1.50 EUR\nper unit.\n\nThank you.\n', 'Total due:\u00a01.50 EUR per unit.\u2028Thank you.', '\ufeffTotal due: 1.50 EUR per un\u00adit. Thank you.']) {
      expect(layoutHash(spaced), JSON.stringify(spaced)).toBe(layoutHash(text));
    }
  });

  it('differs for other punctuation, case or digit grouping, and for a space inside a word', () => {
    for (const edited of ['Total due: 1,50 EUR per unit.\nThank you.', 'TOTAL due: 1.50 EUR per unit.\nThank you.', 'Total due: 150 EUR per unit.\nThank you.', 'Total due 1.50 EUR per unit.\nThank you.', 'To tal due: 1.50 EUR per unit.\nThank you.']) {
      expect(layoutHash(edited), edited).not.toBe(layoutHash(text));
    }
  });
});
