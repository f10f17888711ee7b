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

function indexOf(sortedSet: Uint32Array, value: number): number {
  let low = 0;
  let high = sortedSet.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const v = sortedSet[mid]!;
    if (v === value) return mid;
    if (v < value) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

/**
 * The hashes found in at least quorum of the member sets (sorted, distinct), sorted. The members
 * are samples, so these are few: a long representative is then matched against them shingle by
 * shingle rather than as a sorted set of its own, which would cost several times its text.
 */
function quorumPhrases(members: readonly Uint32Array[], quorum: number): Uint32Array {
  const counts = new Map<number, number>();
  for (const member of members) {
    for (let j = 0; j < member.length; j++) {
      const h = member[j]!;
      if (j === 0 || member[j - 1] !== h) counts.set(h, (counts.get(h) ?? 0) + 1);
    }
  }
  const needed = Math.max(1, Math.ceil(quorum * members.length - 1e-9));
  const kept = [...counts].filter(([, count]) => count >= needed).map(([h]) => h);
  return Uint32Array.from(kept).sort();
}

// Windows hashed at a time while matching a long text: bounds the scratch it needs.
const WINDOWS_PER_BLOCK = 1 << 16;

/** Calls `visit` with the hashes of the k-token shingles of tokens (as wordShingleHashes), a block at a time. */
function forEachShingleBlock(tokens: Uint32Array, k: number, visit: (hashes: Uint32Array) => void): void {
  const windows = tokens.length - k + 1;
  if (windows <= 1) visit(wordShingleHashes(tokens, k));
  else for (let from = 0; from < windows; from += WINDOWS_PER_BLOCK) visit(wordShingleHashes(tokens.subarray(from, Math.min(tokens.length, from + WINDOWS_PER_BLOCK + k - 1)), k));
}

/**
 * The shingle size and the shared phrases: of the quorum's phrases, those among the
 * representative's shingles. Its own function so that the text's tokens are let go on return.
 */
function sharedPhrases(text: string, members: readonly Uint32Array[], options: DescribeOptions): { k: number; shared: Uint32Array } {
  const tokens = canonicalTokenHashes(text);
  const k = options.shingleSize ?? shingleSize(tokens.length);
  const candidates = quorumPhrases(members, options.quorum ?? (members.length <= 4 ? 1 : 0.8));
  if (candidates.length === 0) {
    releaseArray(tokens);
    return { k, shared: candidates };
  }
  const found = new Uint8Array(candidates.length);
  forEachShingleBlock(tokens, k, (hashes) => {
    for (const h of hashes) {
      const at = indexOf(candidates, h);
      if (at >= 0) found[at] = 1;
    }
  });
  releaseArray(tokens);
  return { k, shared: candidates.filter((_, i) => found[i] === 1) };
}

/** How many of the sentence's k-token shingles (repeats included) are shared phrases. */
function sharedCount(sentence: string, k: number, shared: Uint32Array): number {
  let score = 0;
  if (shared.length === 0) return score;
  const tokens = canonicalTokenHashes(sentence);
  forEachShingleBlock(tokens, k, (hashes) => {
    for (const h of hashes) if (indexOf(shared, h) >= 0) score++;
  });
  releaseArray(tokens);
  return score;
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
  const { k, shared } = sharedPhrases(representativeText, memberShingles, options);
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
