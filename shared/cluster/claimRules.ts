// The rules a near or contained claim must pass before it is shown. Every method (minhash, lists,
// simhash) only proposes candidates; these rules say which estimates are certain enough to show
// as they are, which documents may be compared at all, and what "contained" means.

/**
 * Documents of fewer canonical tokens only match on identical canonical text. Below 20 tokens the
 * shingle length shrinks (shingleSize: k = n / 4 < 5), so a shared two- or three-word phrase
 * ("include:: NEWS.rst") is most of the set, and a sketch rests on fewer than 16 distinct
 * shingles; at 20 tokens and more every document has 5-word shingles, the sets the threshold is
 * defined on.
 */
export const MIN_DOCUMENT_WORDS = 20;

/**
 * minhash candidates are kept from this far below the threshold (the LSH curve is not a step):
 * 128 slots give a standard error of up to 0.044, so about two of them. Their exact check decides.
 */
export const CANDIDATE_MARGIN = 0.1;

/** A document this much inside a larger one is reported as contained. */
export const CONTAINMENT_THRESHOLD = 0.9;

/**
 * Containment candidates are taken from this far below CONTAINMENT_THRESHOLD: a sample of 1 in 16
 * shingles leaves a true 0.92 under 0.9 about a third of the time for a one-page document. Every
 * candidate is then checked on the exact sets.
 */
export const CONTAINMENT_CANDIDATE_MARGIN = 0.15;

/**
 * "A is contained in B" needs A's shingle set to be at most this share of B's: B then holds at
 * least a quarter more text, which reformatting, a header or a few edits never add, so a version
 * of the same text is never called a part of it. (Wholly inside B, A resembles B at |A| / |B|;
 * at the default threshold 0.5 the near-duplicate rule already keeps A at about half of B.)
 */
export const CONTAINED_MAX_SIZE_RATIO = 0.8;

/**
 * How many standard errors an estimate must clear to be taken without an exact check. The
 * standard error is taken at its worst (resemblance 0.5): 5 of them leave about one wrong
 * verdict in three million pairs.
 */
const CERTAIN_STANDARD_ERRORS = 5;

export type EstimateVerdict = 'above' | 'below' | 'uncertain';

/**
 * A document of at most this many distinct chunks carries its chunk set in its fingerprint (4 bytes
 * a chunk, at most twice its sketch): its pairs are then settled on the exact sets in memory, never
 * estimated, read again or memoised. Short documents need it most: their sketches rest on few
 * shingles, so a form letter's estimate never settles 0.5 either way.
 */
export const EXACT_SET_LIMIT = 256;

/**
 * Candidate pairs whose estimate is uncertain and whose sets are not in memory are checked on sets
 * read again: each document's this many best by estimate (a letter from a template of 500 words
 * is a candidate of all the others, and each check is a read). Certain pairs are all kept.
 */
export const UNCERTAIN_CHECKS_PER_DOCUMENT = 8;

/**
 * How many independent slots an estimate of two documents rests on: the sketch size, or fewer
 * when a set has fewer word shingles than slots (densified slots repeat the few filled ones).
 * Other units' chunk counts are not kept, so their estimates are never taken as certain (1).
 */
export function estimateSamples(wordUnit: boolean, sketchSize: number, shinglesA: number, shinglesB: number): number {
  return wordUnit ? Math.min(sketchSize, shinglesA, shinglesB) : 1;
}

/**
 * Whether a MinHash estimate settles "resemblance ≥ threshold". `samples` is how many independent
 * slots the estimate rests on: the sketch size, or fewer when a set has fewer shingles than slots
 * (densified slots repeat the few filled ones).
 */
export function judgeEstimate(estimate: number, threshold: number, samples: number): EstimateVerdict {
  const margin = (CERTAIN_STANDARD_ERRORS * 0.5) / Math.sqrt(Math.max(1, samples));
  if (estimate - margin >= threshold) return 'above';
  if (estimate + margin < threshold) return 'below';
  return 'uncertain';
}

/** Sizes (distinct shingles) that allow "part is contained in whole". */
export function clearlySmaller(partShingles: number, wholeShingles: number): boolean {
  return partShingles <= CONTAINED_MAX_SIZE_RATIO * wholeShingles;
}
