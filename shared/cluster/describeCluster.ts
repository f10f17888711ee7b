// A near cluster's one-line description (after CN1728142B): the representative's sentences that
// carry the most of what the members have in common. Phrases (word shingles) found in all or
// most members are the cluster's shared content; a sentence's score is how many it contains.
// Prose sentences come first: a line of code or markup says little about a document to a person.

import { shingleSize, wordShingleHashes, wordShingles } from '../fingerprint/shingles.ts';
import { canonicalTokenHashes } from '../text/canonicalTokens.ts';
import { looksLikeProse, splitSentences } from '../text/sentences.ts';

export interface DescribeOptions {
  maxSentences?: number;
  maxLength?: number;
  /** The k the member sets were built with; by default the rule of shingleSize for the text. */
  shingleSize?: number;
  /** Share of members a phrase must appear in to count as shared (all of them up to 4 members). */
  quorum?: number;
}

function isMember(sortedSet: Uint32Array, value: number): boolean {
  let low = 0;
  let high = sortedSet.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const v = sortedSet[mid]!;
    if (v === value) return true;
    if (v < value) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}

/** The representative's shingles found in at least quorum of the member sets, sorted. */
function sharedPhrases(own: Uint32Array, members: readonly Uint32Array[], quorum: number): Uint32Array {
  const counts = new Uint32Array(own.length);
  for (const member of members) {
    let i = 0;
    let j = 0;
    while (i < own.length && j < member.length) {
      if (own[i] === member[j]) {
        counts[i]!++;
        i++;
        j++;
      } else if (own[i]! < member[j]!) i++;
      else j++;
    }
  }
  const needed = Math.max(1, Math.ceil(quorum * members.length - 1e-9));
  return own.filter((_, i) => counts[i]! >= needed);
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
  const tokens = canonicalTokenHashes(representativeText);
  const k = options.shingleSize ?? shingleSize(tokens.length);
  const quorum = options.quorum ?? (memberShingles.length <= 4 ? 1 : 0.8);
  const shared = sharedPhrases(wordShingles(tokens, k), memberShingles, quorum);
  const sentences = splitSentences(representativeText);
  const scores = sentences.map((sentence) => {
    let score = 0;
    for (const shingle of wordShingleHashes(canonicalTokenHashes(sentence), k)) if (isMember(shared, shingle)) score++;
    return score;
  });
  // Tiers: shared prose, other shared sentences, then prose, then the rest; by score, then order.
  const tier = sentences.map((sentence, i) => (scores[i]! > 0 ? 0 : 2) + (looksLikeProse(sentence) ? 0 : 1));
  const ranked = sentences.map((_, i) => i).sort((a, b) => tier[a]! - tier[b]! || scores[b]! - scores[a]! || a - b);
  const chosen: number[] = [];
  let length = 0;
  for (const i of ranked) {
    if (chosen.length === maxSentences) break;
    if (chosen.length > 0 && (scores[i] === 0 || tier[i] !== tier[chosen[0]!] || length + 1 + sentences[i]!.length > maxLength)) continue;
    chosen.push(i);
    length += (chosen.length > 1 ? 1 : 0) + sentences[i]!.length;
  }
  return truncate(
    chosen
      .sort((a, b) => a - b)
      .map((i) => sentences[i])
      .join(' '),
    maxLength,
  );
}
