// From document fingerprints to near-duplicate and containment clusters. Candidates come from an
// index (LSH bands, list fingerprints or simhash blocks), never from comparing all pairs; the
// caller verifies them (claimRules.ts). Clusters are stars around a representative, so a chain
// A~B~C never joins two unrelated documents; a document whose partners all joined other stars is
// shown beside the partner it matches best, named as its match, rather than left out.
import type { ChunkUnit, NearMethod } from '../scanOptions.ts';
import type { CandidatePairs } from '../fingerprint/candidatePairs.ts';
import { clearlySmaller } from './claimRules.ts';
import { ContainmentIndex } from '../fingerprint/containment.ts';
import { ListIndex } from '../fingerprint/listFingerprints.ts';
import { chooseBands, LshIndex } from '../fingerprint/lsh.ts';
import { setsAtLeast } from '../fingerprint/setJoin.ts';
import { DOCUMENTS_PER_STEP, runSteps } from '../fingerprint/steps.ts';
import type { Steps } from '../fingerprint/steps.ts';
import { hammingThreshold, SimhashIndex } from '../fingerprint/simhash.ts';
import type { Simhash } from '../fingerprint/simhash.ts';
import { byDocuments, PairTriage } from './pairTriage.ts';
import type { TriagedPair, TriageNode } from './pairTriage.ts';

export interface NearNode extends TriageNode {
  sample: Uint32Array;
  simhash?: Simhash;
  lists?: Uint32Array;
}

/**
 * `similarity`: estimated (from the sketches), or exact where `exact` says so or once verified;
 * `estimated` set by the verifier on a pair kept on its estimate, unverified (claimRules.judgeEstimate).
 */
export type SimilarPair = TriagedPair & { estimated?: true };

export interface CandidateResult {
  pairs: SimilarPair[];
  /** Documents in index buckets too common to expand (boilerplate); they may miss partners. */
  skippedEntries: number;
}

/** Calls add for each node `eligible` allows, yielding every DOCUMENTS_PER_STEP nodes. */
function* addEach(nodes: readonly NearNode[], eligible: (node: number) => boolean, add: (node: NearNode, id: number) => void): Steps<void> {
  for (let id = 0; id < nodes.length; id++) {
    if (eligible(id)) add(nodes[id]!, id);
    if (id % DOCUMENTS_PER_STEP === DOCUMENTS_PER_STEP - 1) yield;
  }
}

/** How the index is built: `maxBucketSize` (candidatePairs.ts's default unless given) for tests of crowded buckets. */
export interface IndexOptions {
  maxBucketSize?: number;
}

function* indexCandidates(
  nodes: readonly NearNode[],
  method: NearMethod,
  threshold: number,
  eligible: (node: number) => boolean,
  keep: (a: number, b: number) => boolean,
  options: IndexOptions,
): Steps<CandidatePairs> {
  if (method === 'lists') {
    const index = new ListIndex();
    yield* addEach(nodes, eligible, (node, id) => index.add(id, node.lists ?? new Uint32Array(0)));
    return index.candidatePairs();
  }
  if (method === 'simhash') {
    const index = new SimhashIndex(hammingThreshold(threshold));
    yield* addEach(nodes, eligible, (node, id) => node.simhash && node.shingleCount > 0 && index.add(id, node.simhash));
    return index.candidatePairs();
  }
  const sketchSize = nodes[0]?.sketch.length ?? 128;
  const index = new LshIndex({ ...chooseBands(threshold, sketchSize), ...options });
  yield* addEach(nodes, eligible, (node, id) => index.add(id, node.sketch));
  // Triaged as the buckets are read: a bucket of a thousand letters never stores its half million pairs.
  return yield* index.candidatePairsInSteps(keep);
}

/**
 * Candidate pairs of the method, triaged (pairTriage.ts): pairs of documents carrying their sets at
 * or above `threshold`, exact; pairs whose estimate settles it; and each document's few best
 * uncertain ones, for the caller to verify. minhash drops estimates below `threshold - margin`
 * (LSH candidates); lists and simhash keep what their own rule proposes (a shared list
 * fingerprint; a small Hamming distance). Documents `eligible` refuses (tiny ones) are not indexed.
 */
export function similarPairs(...args: Parameters<typeof similarPairsInSteps>): CandidateResult {
  return runSteps(similarPairsInSteps(...args));
}

/** similarPairs, a piece at a time (see steps.ts). */
export function* similarPairsInSteps(
  nodes: readonly NearNode[],
  method: NearMethod,
  threshold: number,
  margin: number,
  eligible: (node: number) => boolean = () => true,
  unit: ChunkUnit = 'words',
  options: IndexOptions = {},
): Steps<CandidateResult> {
  const triage = new PairTriage(nodes, { threshold, unit, ...(method === 'minhash' ? { margin } : {}) });
  const { pairs, skippedEntries, crowded } = yield* indexCandidates(nodes, method, threshold, eligible, triage.keep, options);
  const out: SimilarPair[] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    if (i % (2 * DOCUMENTS_PER_STEP) === 0) yield;
    const a = pairs[i]!;
    const b = pairs[i + 1]!;
    // minhash's pairs were triaged in the index; the other methods' are here.
    if (method === 'minhash' || triage.keep(a, b)) out.push(triage.pair(a, b));
  }
  yield;
  out.push(...crowdedPairs(nodes, crowded, threshold, out, triage));
  for (const pair of triage.uncertainPairs()) out.push(pair);
  return { pairs: out.sort(byDocuments), skippedEntries };
}

/**
 * The pairs at or above the threshold among documents of skipped buckets (too many documents
 * agreed on a band: form letters from one template) that carry their sets, joined exactly
 * (setJoin.ts), less those the index found: a pair that agreed only on crowded bands is not
 * missed. Documents without their sets (longer ones) are as the index left them.
 */
function crowdedPairs(nodes: readonly NearNode[], crowded: Uint32Array | undefined, threshold: number, found: readonly SimilarPair[], triage: PairTriage): SimilarPair[] {
  const joined = [...(crowded ?? [])].filter((id) => nodes[id]!.chunks !== undefined);
  if (joined.length < 2) return [];
  const count = nodes.length;
  const known = new Set(found.map(({ a, b }) => Math.min(a, b) * count + Math.max(a, b)));
  const out: SimilarPair[] = [];
  for (const [i, j] of setsAtLeast(
    joined.map((id) => nodes[id]!.chunks!),
    threshold,
  )) {
    const [a, b] = [Math.min(joined[i]!, joined[j]!), Math.max(joined[i]!, joined[j]!)];
    if (!known.has(a * count + b)) out.push(triage.pair(a, b));
  }
  return out;
}

export interface StarMember {
  node: number;
  /** Resemblance to `match`. */
  similarity: number;
  /** The node this member really matches: the center, or for a late-comer its best partner. */
  match: number;
  /** `similarity` is the pair's sketch estimate (SimilarPair.estimated). */
  estimated?: true;
}

export interface StarCluster {
  center: number;
  members: StarMember[];
}

/**
 * Greedy star clustering: the node with the most similar partners (then the highest total
 * similarity, then the lowest index) becomes a center and takes its unassigned partners; repeat.
 * A node left over has partners, all taken by stars before its turn: it joins the star of its most
 * similar partner, matched to that partner. No two left-over nodes are partners (the first of them
 * would have been a center), so nothing is joined through a left-over node.
 */
export function starClusters(count: number, pairs: readonly SimilarPair[]): StarCluster[] {
  const neighbours: Partner[][] = Array.from({ length: count }, () => []);
  for (const { a, b, similarity, estimated } of pairs) {
    neighbours[a]!.push({ node: b, similarity, ...(estimated ? { estimated } : {}) });
    neighbours[b]!.push({ node: a, similarity, ...(estimated ? { estimated } : {}) });
  }
  const weight = neighbours.map((list) => list.reduce((sum, n) => sum + n.similarity, 0));
  const order = [...neighbours.keys()]
    .filter((node) => neighbours[node]!.length > 0)
    .sort((x, y) => neighbours[y]!.length - neighbours[x]!.length || weight[y]! - weight[x]! || x - y);
  const starOf = new Int32Array(count).fill(-1);
  const clusters: StarCluster[] = [];
  for (const center of order) {
    if (starOf[center] !== -1) continue;
    const members = neighbours[center]!.filter((n) => starOf[n.node] === -1).sort((x, y) => y.similarity - x.similarity || x.node - y.node);
    if (members.length === 0) continue;
    starOf[center] = clusters.length;
    for (const member of members) starOf[member.node] = clusters.length;
    clusters.push({ center, members: members.map((partner) => memberOf(partner, center)) });
  }
  for (let node = 0; node < count; node++) {
    if (starOf[node] !== -1 || neighbours[node]!.length === 0) continue;
    const best = bestPartner(neighbours[node]!, () => true);
    starOf[node] = starOf[best.node]!;
    clusters[starOf[node]!]!.members.push(memberOf({ ...best, node }, best.node));
  }
  regroupMembers(clusters, neighbours, starOf);
  return clusters;
}

/** A node's partner: the other node of a pair, with the pair's figure. */
interface Partner {
  node: number;
  similarity: number;
  estimated?: true;
}

/** `partner` as a star member matched to `match`, its figure and whether it is an estimate kept. */
function memberOf({ node, similarity, estimated }: Partner, match: number): StarMember {
  return { node, similarity, match, ...(estimated ? { estimated } : {}) };
}

function bestPartner(partners: readonly Partner[], allowed: (node: number) => boolean): Partner {
  let best: Partner | undefined;
  for (const p of partners) if (allowed(p.node) && (!best || p.similarity > best.similarity || (p.similarity === best.similarity && p.node < best.node))) best = p;
  return best!;
}

// Passes of regroupMembers: each move adds a verified pair to a cluster, so it ends anyway.
const REGROUP_PASSES = 4;

/**
 * Greedy stars split some pairs between two clusters. A member that more of its partners share
 * another cluster with moves there, matched to its best partner in it, so more real pairs are shown
 * together. Centers, members named as someone's match and a cluster's last member stay, so every
 * member keeps a match in its cluster and no one is left out.
 */
function regroupMembers(clusters: StarCluster[], neighbours: readonly Partner[][], starOf: Int32Array): void {
  const matchedBy = new Uint32Array(starOf.length);
  for (const star of clusters) for (const m of star.members) matchedBy[m.match]!++;
  const partnersIn = new Map<number, number>();
  for (let pass = 0, moved = true; moved && pass < REGROUP_PASSES; pass++) {
    moved = false;
    clusters.forEach((star, s) => {
      for (const member of [...star.members]) {
        if (matchedBy[member.node] || star.members.length === 1) continue;
        partnersIn.clear();
        for (const p of neighbours[member.node]!) partnersIn.set(starOf[p.node]!, (partnersIn.get(starOf[p.node]!) ?? 0) + 1);
        let target = s;
        for (const [cluster, partners] of partnersIn) if (partners > partnersIn.get(target)!) target = cluster;
        if (target === s) continue;
        const best = bestPartner(neighbours[member.node]!, (node) => starOf[node] === target);
        star.members.splice(star.members.indexOf(member), 1);
        matchedBy[member.match]!--;
        clusters[target]!.members.push(memberOf({ ...best, node: member.node }, best.node));
        matchedBy[best.node]!++;
        starOf[member.node] = target;
        moved = true;
      }
    });
  }
}

export interface ContainedGroup {
  container: number;
  contained: { node: number; containment: number }[];
}

export interface ContainmentCandidate {
  contained: number;
  container: number;
  /** Share of the contained document's sampled shingles found in the container's sample. */
  containment: number;
  /** How many samples that estimate rests on: few samples call for an exact check. */
  samples: number;
}

// A document needs a few sampled shingles (about 3 × 16 shingles, ~50 words) to be found at all.
const MIN_SAMPLES = 3;

/**
 * Pairs where a document's sample lies at least `minContainment` inside a clearly larger one's
 * (claimRules.ts), for the documents `eligible(node)` allows as contained (e.g. not those already
 * in a near cluster). Estimates only: the caller verifies each on the exact sets.
 */
export function containmentCandidates(nodes: readonly NearNode[], minContainment: number, eligible: (node: number) => boolean): ContainmentCandidate[] {
  return runSteps(containmentCandidatesInSteps(nodes, minContainment, eligible));
}

/** containmentCandidates, a piece at a time (see steps.ts). */
export function* containmentCandidatesInSteps(nodes: readonly NearNode[], minContainment: number, eligible: (node: number) => boolean): Steps<ContainmentCandidate[]> {
  const index = new ContainmentIndex();
  yield* addEach(nodes, () => true, (node, id) => index.add(id, node.sample, node.shingleCount));
  const { candidates } = yield* index.candidatesInSteps({ minEstimate: minContainment, minSamples: MIN_SAMPLES });
  return candidates
    .filter((c) => eligible(c.contained) && clearlySmaller(nodes[c.contained]!.shingleCount, nodes[c.container]!.shingleCount))
    .map(({ contained, container, estimate, samples }) => ({ contained, container, containment: estimate, samples }));
}

/** Each contained document joins its best container: highest containment, then the larger container. */
export function groupContained(nodes: readonly NearNode[], candidates: readonly ContainmentCandidate[]): ContainedGroup[] {
  const best = new Map<number, ContainmentCandidate>();
  for (const candidate of candidates) {
    const current = best.get(candidate.contained);
    const larger = current && nodes[candidate.container]!.shingleCount > nodes[current.container]!.shingleCount;
    if (!current || candidate.containment > current.containment || (candidate.containment === current.containment && larger)) {
      best.set(candidate.contained, candidate);
    }
  }
  const groups = new Map<number, ContainedGroup>();
  for (const { contained, container, containment } of best.values()) {
    // A container that is itself contained elsewhere still heads its own group: excerpts of excerpts
    // stay beside the text they were cut from.
    const group = groups.get(container) ?? { container, contained: [] };
    group.contained.push({ node: contained, containment });
    groups.set(container, group);
  }
  return [...groups.values()];
}
