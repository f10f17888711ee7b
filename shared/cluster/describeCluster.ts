// A near cluster's one-line description (after CN1728142B): the representative's sentences that
// carry the most of what the members have in common. Phrases (word shingles) found in all or
// most members are the cluster's shared content; a sentence's score is how many it contains.
// Prose sentences come first: a line of code or markup says little about a document to a person.

import { releaseArray } from '../fingerprint/releaseArray.ts';
import { shingleSize, wordShingleHashes } from '../fingerprint/shingles.ts';
import { canonicalTokenHashes } from '../text/canonicalTokens.ts';
import { forEachSentence, looksLikeProse, sentenceAt } from '../text/sentences.ts';

export interface DescribeOptions {
  maxSentences?: number;
  maxLength?: number;
  /** The k the member sets were built with; by default the rule of shingleSize for the text. */
  shingleSize?: number;
  /** Share of members a phrase must appear in to count as shared (all of them up to 4 members). */
  quorum?: number;
}

/**
 * The hashes found in at least quorum of the member sets, counted in typed arrays: the samples of
 * two long documents hold millions of hashes, which as Map entries and arrays of pairs would cost
 * over a hundred MB. The representative's shingles are then looked up in them one by one, rather
 * than kept as a sorted set of their own, which would cost several times its text.
 */
function quorumPhrases(members: readonly Uint32Array[], quorum: number): PhraseSet {
  const all = new Uint32Array(members.reduce((sum, member) => sum + member.length, 0));
  let n = 0;
  for (const member of members) {
    // A hash repeated within one member counts once.
    for (let j = 0; j < member.length; j++) if (j === 0 || member[j - 1] !== member[j]) all[n++] = member[j]!;
  }
  const sorted = all.subarray(0, n).sort();
  const needed = Math.max(1, Math.ceil(quorum * members.length - 1e-9));
  const kept = new Uint32Array(n);
  let count = 0;
  for (let i = 0, j = 0; i < n; i = j) {
    while (j < n && sorted[j] === sorted[i]) j++;
    if (j - i >= needed) kept[count++] = sorted[i]!;
  }
  releaseArray(all);
  return new PhraseSet(kept.subarray(0, count));
}

// Characters of text tokenized at a time: a long sentence's tokens are never all held.
export const PART_CHARS = 1 << 20;
const SPACE = 0x20;

/**
 * Calls `visit` with the canonical token hashes of s, a part at a time, in order. Parts end after
 * a space, which no token spans and NFKC never joins across, so together they are the tokens of s.
 */
function forEachTokenPart(s: string, visit: (tokens: Uint32Array) => void): void {
  for (let from = 0; from < s.length; ) {
    let to = Math.min(s.length, from + PART_CHARS);
    while (to < s.length && s.charCodeAt(to - 1) !== SPACE) to++;
    const tokens = canonicalTokenHashes(s.slice(from, to));
    visit(tokens);
    releaseArray(tokens);
    from = to;
  }
}

function tokenCount(text: string): number {
  let count = 0;
  forEachTokenPart(text, (tokens) => (count += tokens.length));
  return count;
}

/**
 * How many of the sentence's k-token shingles (repeats included) are shared phrases. A sentence
 * of fewer than k tokens holds no phrase of k: it scores 0.
 */
function sharedCount(sentence: string, k: number, shared: PhraseSet): number {
  if (shared.size === 0) return 0;
  let score = 0;
  const count = (tokens: Uint32Array) => {
    if (tokens.length < k) return;
    const hashes = wordShingleHashes(tokens, k);
    for (let i = 0; i < hashes.length; i++) if (shared.has(hashes[i]!)) score++;
    releaseArray(hashes);
  };
  // The last k - 1 tokens so far: with the next part's first ones they make the shingles across the cut.
  let carry = new Uint32Array(0);
  forEachTokenPart(sentence, (tokens) => {
    if (carry.length > 0) count(Uint32Array.of(...carry, ...tokens.subarray(0, k - 1)));
    count(tokens);
    const tail = Uint32Array.of(...carry, ...tokens.subarray(Math.max(0, tokens.length - (k - 1))));
    carry = tail.subarray(tail.length - (k - 1));
  });
  return score;
}

/** Distinct 32-bit hashes, looked up in O(1): a long sentence has millions of shingles to look up. */
class PhraseSet {
  readonly size: number;
  /** Open addressing, 0 marking an empty slot; the hash 0 itself is kept aside. */
  private readonly table: Uint32Array;
  private readonly shift: number;
  private readonly hasZero: boolean;

  constructor(hashes: Uint32Array) {
    let bits = 4;
    while (1 << bits < hashes.length * 2) bits++;
    this.table = new Uint32Array(1 << bits);
    this.shift = 32 - bits;
    this.size = hashes.length;
    this.hasZero = hashes.includes(0);
    const mask = this.table.length - 1;
    for (const h of hashes) {
      if (h === 0) continue;
      let i = this.slot(h);
      while (this.table[i] !== 0) i = (i + 1) & mask;
      this.table[i] = h;
    }
  }

  has(h: number): boolean {
    if (h === 0) return this.hasZero;
    const mask = this.table.length - 1;
    for (let i = this.slot(h); ; i = (i + 1) & mask) {
      const v = this.table[i]!;
      if (v === h) return true;
      if (v === 0) return false;
    }
  }

  private slot(h: number): number {
    return Math.imul(h, 0x9e3779b1) >>> this.shift;
  }
}

function truncate(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > maxLength / 2 ? cut.slice(0, space) : cut}…`;
}

/**
 * The description of a cluster: up to maxSentences of the representative's sentences ranked by
 * the shared phrases they contain (earlier first on ties), in document order, at most ~maxLength
 * characters. memberShingles are the members' sorted word-shingle sets, representative included.
 */
export function describeCluster(representativeText: string, memberShingles: readonly Uint32Array[], options: DescribeOptions = {}): string {
  const { maxSentences = 2, maxLength = 200 } = options;
  // The representative is tokenized a sentence at a time, in parts, and only for its scores.
  const k = options.shingleSize ?? shingleSize(tokenCount(representativeText));
  const shared = quorumPhrases(memberShingles, options.quorum ?? (memberShingles.length <= 4 ? 1 : 0.8));
  // Sentences are visited one at a time and only their spans and figures kept: a long document's
  // sentences as strings would cost several times its text. The chosen ones are cut out at the end.
  const spans: number[] = [];
  const scores: number[] = [];
  const tier: number[] = [];
  const lengths: number[] = [];
  forEachSentence(representativeText, (sentence, start, end) => {
    const score = sharedCount(sentence, k, shared);
    spans.push(start, end);
    scores.push(score);
    lengths.push(sentence.length);
    // Tiers: shared prose, other shared sentences, then prose, then the rest; by score, then order.
    tier.push((score > 0 ? 0 : 2) + (looksLikeProse(sentence) ? 0 : 1));
  });
  const ranked = scores.map((_, i) => i).sort((a, b) => tier[a]! - tier[b]! || scores[b]! - scores[a]! || a - b);
  const chosen: number[] = [];
  let length = 0;
  for (const i of ranked) {
    if (chosen.length === maxSentences) break;
    if (chosen.length > 0 && (scores[i] === 0 || tier[i] !== tier[chosen[0]!] || length + 1 + lengths[i]! > maxLength)) continue;
    chosen.push(i);
    length += (chosen.length > 1 ? 1 : 0) + lengths[i]!;
  }
  return truncate(
    chosen
      .sort((a, b) => a - b)
      .map((i) => sentenceAt(representativeText, spans[2 * i]!, spans[2 * i + 1]!, maxLength))
      .join(' '),
    maxLength,
  );
}
