// Clustering at scale, run as its own process so that its peak RSS is its own: N synthetic MinHash
// sketches (families of near-duplicates with controlled resemblance, plus singletons) clustered
// with similarPairs('minhash') + starClusters, as findNearDuplicates does before verification.
// Prints one JSON line. bench-near.ts starts it; by hand:
//
//   node scripts/near/cluster-scale.ts [--sketches 100000] [--threshold 0.5] [--seed 1]
import { parseArgs } from 'node:util';
import { CANDIDATE_MARGIN } from '../../shared/cluster/claimRules.ts';
import { similarPairs, starClusters } from '../../shared/cluster/nearClusters.ts';
import type { NearNode } from '../../shared/cluster/nearClusters.ts';
import { minhashSketch } from '../../shared/fingerprint/minhash.ts';
import { PlanRandom } from '../bench/random.ts';

export interface ClusterScaleResult {
  sketches: number;
  families: number;
  familyMembers: number;
  /** (base, member) pairs of one family: all at resemblance 0.5–1. */
  basePairs: number;
  /** Of those, the ones similarPairs returned. */
  basePairsFound: number;
  pairs: number;
  /** Returned pairs joining two different families or singletons. */
  unrelatedPairs: number;
  clusters: number;
  generateSeconds: number;
  clusterSeconds: number;
  /** Resident set size before clustering and the process's peak (which includes generation). */
  rssBeforeMB: number;
  peakRssMB: number;
}

// Three documents in five belong to a family of 2–6; the rest are singletons.
const FAMILY_SHARE = 0.6;
const MIN_SHINGLES = 200;
const MAX_SHINGLES = 5000;

function randomSet(size: number, random: PlanRandom): Uint32Array {
  const set = new Uint32Array(size);
  for (let i = 0; i < size; i++) set[i] = Math.floor(random.next() * 2 ** 32);
  return set;
}

/** The base set with r of its m shingles replaced by fresh ones: resemblance (m - r) / (m + r). */
function variantOf(base: Uint32Array, resemblance: number, random: PlanRandom): Uint32Array {
  const replaced = Math.round((base.length * (1 - resemblance)) / (1 + resemblance));
  const variant = base.slice();
  for (let i = 0; i < replaced; i++) variant[random.int(variant.length)] = Math.floor(random.next() * 2 ** 32);
  return variant;
}

function run(count: number, threshold: number, seed: number): ClusterScaleResult {
  const random = new PlanRandom(seed);
  const generated = performance.now();
  const nodes: NearNode[] = [];
  const node = (set: Uint32Array): NearNode => ({ sketch: minhashSketch(set), sample: new Uint32Array(0), shingleCount: set.length });
  /** By node: its family's base node, or -1 for a singleton. */
  const baseOf: number[] = [];
  let families = 0;
  let basePairs = 0;
  while (nodes.length < count * FAMILY_SHARE) {
    const base = randomSet(random.logUniform(MIN_SHINGLES, MAX_SHINGLES), random);
    const size = Math.min(random.between(2, 6), count - nodes.length);
    const baseNode = nodes.length;
    nodes.push(node(base));
    baseOf.push(baseNode);
    for (let i = 1; i < size; i++) {
      // Resemblance to the base between 0.5 and 1; two members resemble each other less.
      nodes.push(node(variantOf(base, 0.5 + 0.5 * random.next(), random)));
      baseOf.push(baseNode);
      basePairs++;
    }
    families++;
  }
  const familyMembers = nodes.length;
  while (nodes.length < count) {
    nodes.push(node(randomSet(random.logUniform(MIN_SHINGLES, MAX_SHINGLES), random)));
    baseOf.push(-1);
  }
  const generateSeconds = (performance.now() - generated) / 1000;

  const rssBeforeMB = process.memoryUsage().rss / 2 ** 20;
  const started = performance.now();
  const { pairs } = similarPairs(nodes, 'minhash', threshold, CANDIDATE_MARGIN);
  const clusters = starClusters(nodes.length, pairs);
  const clusterSeconds = (performance.now() - started) / 1000;
  const related = pairs.filter(({ a, b }) => baseOf[a] !== -1 && baseOf[a] === baseOf[b]);
  return {
    sketches: nodes.length,
    families,
    familyMembers,
    basePairs,
    basePairsFound: related.filter(({ a, b }) => a === baseOf[a] || b === baseOf[b]).length,
    pairs: pairs.length,
    unrelatedPairs: pairs.length - related.length,
    clusters: clusters.length,
    generateSeconds,
    clusterSeconds,
    rssBeforeMB,
    // maxRSS is in kilobytes.
    peakRssMB: process.resourceUsage().maxRSS / 1024,
  };
}

const { values } = parseArgs({
  options: { sketches: { type: 'string', default: '100000' }, threshold: { type: 'string', default: '0.5' }, seed: { type: 'string', default: '1' } },
});
console.log(JSON.stringify(run(Number(values.sketches), Number(values.threshold), Number(values.seed))));
