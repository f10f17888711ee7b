import { describe, expect, it } from 'vitest';
import { PART_CHARS, describeCluster } from '../../shared/cluster/describeCluster.ts';
import { wordShingles } from '../../shared/fingerprint/shingles.ts';
import { canonicalTokenHashes } from '../../shared/text/canonicalTokens.ts';

const set = (text: string) => wordShingles(canonicalTokenHashes(text), 5);

const intro = 'Dear colleagues, this memo was drafted on a rainy Tuesday afternoon in March.';
const budget = 'The quarterly budget for the northern region was approved by the board last week after a long debate.';
const hiring = 'Hiring for the two open engineering positions will resume once the new fiscal year begins.';
const closing = 'Thanks again to everyone who sent comments on the first draft.';

describe('describeCluster', () => {
  it('picks the sentence with the most phrases shared by all members', () => {
    const representative = [intro, budget, hiring, closing].join(' ');
    const first = ['Hello all, a short note from the finance office about recent decisions.', budget, hiring, 'Regards.'].join(' ');
    const second = ['Summary for the regional leads, written in haste before the holiday.', budget, 'No change on hiring yet.', closing].join(' ');
    const description = describeCluster(representative, [representative, first, second].map(set));
    expect(description).toBe(budget);
  });

  it('adds a second sentence that carries shared phrases, in document order', () => {
    const representative = [intro, hiring, budget, closing].join(' ');
    const member = ['Unrelated opening line for this particular copy of the memo.', hiring, budget].join(' ');
    const description = describeCluster(representative, [representative, member].map(set), { maxLength: 300 });
    expect(description).toBe(`${hiring} ${budget}`);
  });

  it('keeps the description short, cutting at a word', () => {
    const long = `${'The shared paragraph keeps going with more and more words '.repeat(8)}until it ends.`;
    const representative = `${intro} ${long}`;
    const member = `Something else entirely, written by someone else. ${long}`;
    const description = describeCluster(representative, [representative, member].map(set));
    expect(description.length).toBeLessThanOrEqual(200);
    expect(description.endsWith('…')).toBe(true);
    expect(description.startsWith('The shared paragraph keeps going')).toBe(true);
    expect(description).not.toMatch(/ …$/);
  });

  it('falls back to the first sentence when nothing is shared', () => {
    expect(describeCluster(`${intro} ${closing}`, [set(intro), set(closing)])).toBe(intro);
  });

  it('prefers a prose sentence over code, markup or a list item that shares more', () => {
    const code = '```bash git checkout main && git pull --rebase origin main && npm ci && npm run build && npm test ```';
    const list = '- install the package - run the tests - open a pull request - wait for the review.';
    const prose = 'Contributions are welcome: please read the guide before you open a pull request.';
    const representative = [code, list, prose].join('\n\n');
    const member = [code, list, prose, 'Thanks.'].join('\n\n');
    const description = describeCluster(representative, [representative, member].map(set));
    expect(description).toBe(prose);
  });

  it('counts a shared phrase across the cut between the parts a very long sentence is tokenized in', () => {
    // One sentence longer than a part, with the only shared phrase straddling the first cut (after
    // the first space past PART_CHARS characters): "alpha" before it, "charlie" after it.
    const words: string[] = [];
    for (let i = 0, length = 0; length < PART_CHARS - 64; i++) length += words[words.push(`filler${i}`) - 1]!.length + 1;
    let head = `${words.join(' ')} `;
    head += `${'x'.repeat(PART_CHARS - 8 - head.length - 1)} `;
    const phrase = 'alpha bravo charlie delta echo';
    const long = `${head}${phrase} ${words.slice(0, 1000).join(' ')} end.`;
    expect(head.length + 'alpha bravo '.length).toBeGreaterThan(PART_CHARS);
    const opening = 'A short opening sentence says hello to everyone here!';
    const representative = `${opening} ${long}`;
    const member = `Another document quotes ${phrase} and nothing else of it.`;
    const description = describeCluster(representative, [representative, member].map(set));
    expect(description.startsWith('filler0 filler1 filler2')).toBe(true);
  });
});
