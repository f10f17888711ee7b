// The "lists" method of US7366718 (Pugh & Henzinger): each of x lists takes every part of a
// document (a shingle, sentence or paragraph hash) independently with probability p, and is
// fingerprinted as a whole. Two documents are candidates when any list fingerprint is shared,
// i.e. when some list drew none of the parts that differ between them: with k differing parts
// that happens with probability 1 - (1 - (1 - p)^k)^x.
//
// Why p depends on the document's length: with word shingles an edit of a fixed share of a
// document changes a number of parts that grows with the document, so a fixed p would either
// miss every edited copy of a long document or put nothing in the lists of a short one. Each
// document therefore derives k from a changed *fraction* of its n parts (k = ⌈f·n⌉), which
// makes p ≈ c/n: every list holds a few parts whatever the length. For the same part to be
// drawn the same way in two documents, p comes from a ladder p = 2^-ℓ with nested membership
// (hash(part, list) < 2^(32-ℓ)), and every document is fingerprinted at its own level ℓ and at
// ℓ + 1: two documents whose lengths differ by up to 2× share a level.

import { type CandidatePairs, DEFAULT_MAX_BUCKET_SIZE, PairCollector, Uint32List, forEachBucket } from './candidatePairs.ts';
import { fmix32, murmur3Ints } from './hash32.ts';
import { radixSortByKey } from './radixSort.ts';

export interface ListParameters {
  /** The probability that a part joins a list. */
  probability: number;
  lists: number;
}

/** P(match | changedParts) = 1 - (1 - (1 - p)^k)^x. */
export function listMatchProbability(changedParts: number, { probability, lists }: ListParameters): number {
  return 1 - (1 - (1 - probability) ** changedParts) ** lists;
}

export const DEFAULT_LISTS = 16;
export const DEFAULT_TARGET_PROBABILITY = 0.95;

/**
 * The largest p (the most discriminating lists) that still finds documents with changedParts
 * differing parts with targetProbability, using all maxLists lists: more lists allow a larger p
 * and a sharper cutoff. At 16 lists and 0.95, P falls to 0.5 at about 1.8× changedParts;
 * 32 lists would give 1.6× at twice the fingerprints.
 */
export function chooseListParameters({
  changedParts,
  targetProbability = DEFAULT_TARGET_PROBABILITY,
  maxLists = DEFAULT_LISTS,
}: {
  changedParts: number;
  targetProbability?: number;
  maxLists?: number;
}): ListParameters {
  const perList = 1 - (1 - targetProbability) ** (1 / maxLists);
  return { probability: 1 - perList ** (1 / Math.max(1, changedParts)), lists: maxLists };
}

/**
 * The share of parts that differ (|A Δ B| / |A|) between two equally long documents of
 * resemblance J: 2(1 - J)/(1 + J). 0.5 → 0.67, 0.8 → 0.22, 0.9 → 0.11.
 */
export function changedFractionForResemblance(resemblance: number): number {
  return (2 * (1 - resemblance)) / (1 + resemblance);
}

export interface ListOptions {
  /** Share of differing parts to detect; default: that of resemblance 0.5, the scan default. */
  changedFraction?: number;
  targetProbability?: number;
  lists?: number;
}

// 2^-31 is as fine as 32-bit membership hashes can draw.
const MAX_LEVEL = 31;
const MAX_LISTS = 64;

/** The document's level ℓ: p = 2^-ℓ, rounded down from the chosen p so recall only rises. */
export function listLevel(partCount: number, options: ListOptions = {}): number {
  const changedFraction = options.changedFraction ?? changedFractionForResemblance(0.5);
  const { probability } = chooseListParameters({
    changedParts: Math.ceil(changedFraction * partCount),
    targetProbability: options.targetProbability ?? DEFAULT_TARGET_PROBABILITY,
    maxLists: options.lists ?? DEFAULT_LISTS,
  });
  return Math.min(MAX_LEVEL - 1, Math.max(1, Math.ceil(-Math.log2(probability))));
}

/**
 * The list fingerprints of a set of parts (sorted, distinct — e.g. wordShingles or chunkSet),
 * as keys that already tell level and list apart. Empty lists have no fingerprint.
 */
export function listFingerprints(parts: Uint32Array, options: ListOptions = {}): Uint32Array {
  const lists = options.lists ?? DEFAULT_LISTS;
  if (lists < 1 || lists > MAX_LISTS) throw new RangeError(`lists must be 1–${MAX_LISTS}, not ${lists}`);
  if (parts.length === 0) return new Uint32Array(0);
  const level = listLevel(parts.length, options);
  const coarse = 2 ** (32 - level);
  const fine = coarse / 2;
  // The list half of hashPair32(part, list), hoisted out of the loop over parts.
  const listSalts = new Uint32Array(lists);
  for (let list = 0; list < lists; list++) listSalts[list] = fmix32(list + 0x7f4a7c15);
  // Per list and level: the sum of member hashes and their count, an order-free fingerprint.
  const sums = new Uint32Array(2 * lists);
  const counts = new Uint32Array(2 * lists);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const partHalf = Math.imul(part ^ 0x9e3779b9, 0x85ebca6b);
    for (let list = 0; list < lists; list++) {
      const draw = fmix32(partHalf ^ listSalts[list]!);
      if (draw >= coarse) continue;
      sums[list] = sums[list]! + part;
      counts[list]!++;
      if (draw < fine) {
        sums[lists + list] = sums[lists + list]! + part;
        counts[lists + list]!++;
      }
    }
  }
  const keys = new Uint32List();
  const pair = new Uint32Array(2);
  for (let slot = 0; slot < 2 * lists; slot++) {
    if (counts[slot] === 0) continue;
    const slotLevel = level + (slot < lists ? 0 : 1);
    pair[0] = sums[slot]!;
    pair[1] = counts[slot]!;
    keys.push(murmur3Ints(pair, 0, 2, slotLevel * MAX_LISTS + (slot % lists)));
  }
  return keys.toArray();
}

/**
 * Keeps only the entries whose key another entry shares ("buckets of one produce no pair"),
 * sorted by key, in arrays no larger than they need to be.
 */
function dropUnshared(keys: Uint32Array, owners: Uint32Array): { keys: Uint32Array; owners: Uint32Array } {
  radixSortByKey(keys, owners);
  let kept = 0;
  for (let start = 0, end = 0; start < keys.length; start = end) {
    while (end < keys.length && keys[end] === keys[start]) end++;
    if (end - start < 2) continue;
    for (let i = start; i < end; i++) {
      keys[kept] = keys[i]!;
      owners[kept++] = owners[i]!;
    }
  }
  return { keys: keys.slice(0, kept), owners: owners.slice(0, kept) };
}

/**
 * Documents by list fingerprint. The first candidatePairs() seals the index: it drops the
 * fingerprints no other document shares before matching, as the patent does, and frees them
 * (one that is dropped could have matched a document added later).
 */
export class ListIndex {
  private readonly maxBucketSize: number;
  private readonly ids = new Uint32List();
  /** (fingerprint, owner) entries; null once sealed. */
  private entries: { keys: Uint32List; owners: Uint32List } | null = { keys: new Uint32List(), owners: new Uint32List() };
  private result: CandidatePairs | null = null;
  private sharedCount = 0;

  constructor(maxBucketSize = DEFAULT_MAX_BUCKET_SIZE) {
    this.maxBucketSize = maxBucketSize;
  }

  get size(): number {
    return this.ids.length;
  }

  /** Fingerprints kept for matching once sealed: those at least two documents share. */
  get sharedFingerprints(): number {
    return this.sharedCount;
  }

  add(id: number, fingerprints: Uint32Array): void {
    if (this.entries === null) throw new Error('ListIndex is sealed: candidatePairs() dropped the unshared fingerprints');
    const owner = this.ids.length;
    this.ids.push(id);
    for (const key of fingerprints) {
      this.entries.keys.push(key);
      this.entries.owners.push(owner);
    }
  }

  /** Pairs of documents that share at least one list fingerprint. */
  candidatePairs(): CandidatePairs {
    if (this.result !== null) return this.result;
    const { keys, owners } = this.entries!;
    const shared = dropUnshared(keys.toArray(), owners.toArray());
    this.entries = null;
    this.sharedCount = shared.keys.length;
    const collector = new PairCollector(this.ids.length);
    const skips = forEachBucket(shared.keys, shared.owners, this.maxBucketSize, collector.addAll.bind(collector));
    this.result = { pairs: collector.pairs(this.ids.values), ...skips };
    return this.result;
  }
}
