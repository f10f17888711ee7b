// Every claim a cluster will show, checked before it is shown. Candidate pairs whose sketch
// estimate does not settle the threshold (claimRules.judgeEstimate) and every containment claim are
// computed on the exact chunk and shingle sets, read again in the detail pool in bounded batches.
// Results are memoised by the files' identities, so an unchanged rescan reads nothing. Pairs of
// short documents come settled on their sets in memory (pairTriage.ts): nothing to read or keep.
import { estimateSamples, judgeEstimate } from '../../../shared/cluster/claimRules.ts';
import type { ContainmentCandidate, SimilarPair } from '../../../shared/cluster/nearClusters.ts';
import { containment, jaccard } from '../../../shared/fingerprint/jaccard.ts';
import type { ChunkUnit } from '../../../shared/scanOptions.ts';
import type { TextNode } from './assembleClusters.ts';
import { nearMemoKey, nodeIdentity, saveNearMemo } from './clusterDetails.ts';
import type { DetailReader } from './clusterDetails.ts';
import type { DocumentDetail } from './detailStep.ts';
import type { DocumentFingerprint } from './documentFingerprint.ts';

type Node = TextNode & DocumentFingerprint;

// Texts held at once while checking: bounds memory whatever the number of claims.
const NODES_PER_BATCH = 200;
// A short document can share a few sampled shingles with many others; the best few are checked.
const MAX_CHECKS_PER_DOCUMENT = 8;

/**
 * Runs `check` on each claim with the details of its two nodes, reading them in batches of at most
 * NODES_PER_BATCH nodes. Claims whose files cannot be read again get `check(claim, undefined)`.
 */
async function checkInBatches<Claim>(
  claims: readonly Claim[],
  nodesOf: (claim: Claim) => [Node, Node],
  check: (claim: Claim, details: [DocumentDetail, DocumentDetail] | undefined) => void,
  reader: DetailReader,
): Promise<void> {
  let batch: Claim[] = [];
  let nodes = new Set<Node>();
  const flush = async () => {
    const read = await reader.read([...nodes]);
    for (const claim of batch) {
      const [a, b] = nodesOf(claim).map((n) => read.get(n));
      check(claim, a && b ? [a, b] : undefined);
    }
    batch = [];
    nodes = new Set();
  };
  for (const claim of claims) {
    const [a, b] = nodesOf(claim);
    if (nodes.size + 2 > NODES_PER_BATCH && !(nodes.has(a) && nodes.has(b))) await flush();
    batch.push(claim);
    nodes.add(a).add(b);
  }
  if (batch.length) await flush();
}

/** Each node's identity in memo keys, made once per node rather than for every claim it is in. */
function identities(nodes: readonly Node[]): (node: number) => string {
  const made: string[] = [];
  return (node) => (made[node] ??= nodeIdentity(nodes[node]!));
}

/**
 * The pairs at or above the threshold. An estimate that settles it either way stands; the others
 * are replaced by the exact resemblance of the chunk sets, and pairs that cannot be checked (a file
 * gone since) are dropped, their files listed among the reader's errors.
 */
export async function verifyPairs(pairs: readonly SimilarPair[], nodes: readonly Node[], threshold: number, unit: ChunkUnit, reader: DetailReader): Promise<SimilarPair[]> {
  const sketchSize = nodes[0]?.sketch.length ?? 0;
  // The unit is in the key: the same files have other chunk sets under another unit.
  const id = identities(nodes);
  const keyOf = (p: SimilarPair) => nearMemoKey('jaccard', unit, [id(p.a), id(p.b)].sort());
  const kept: SimilarPair[] = [];
  const unknown: SimilarPair[] = [];
  for (const pair of pairs) {
    if (pair.exact) {
      if (pair.similarity >= threshold) kept.push(pair);
      continue;
    }
    const samples = estimateSamples(unit === 'words', sketchSize, nodes[pair.a]!.shingleCount, nodes[pair.b]!.shingleCount);
    const verdict = judgeEstimate(pair.similarity, threshold, samples);
    if (verdict === 'above') kept.push({ ...pair, estimated: true });
    if (verdict !== 'uncertain') continue;
    const known = reader.cache?.memo(keyOf(pair));
    if (known === undefined) unknown.push(pair);
    else if (Number(known) >= threshold) kept.push({ ...pair, similarity: Number(known) });
  }
  unknown.sort((x, y) => x.a - y.a || x.b - y.b);
  await checkInBatches(
    unknown,
    (p) => [nodes[p.a]!, nodes[p.b]!],
    (pair, details) => {
      if (!details) return;
      const similarity = jaccard(details[0].chunks, details[1].chunks);
      saveNearMemo(reader.cache, keyOf(pair), [nodes[pair.a]!, nodes[pair.b]!], String(similarity));
      if (similarity >= threshold) kept.push({ ...pair, similarity });
    },
    reader,
  );
  return kept;
}

/**
 * The containment claims that hold on the exact word-shingle sets: at least `minContainment` of the
 * smaller document inside the larger, and the two not near-duplicates (exact resemblance below
 * `threshold`). Each document's few best candidates are checked; none is taken on its estimate.
 */
export async function verifyContainment(
  candidates: readonly ContainmentCandidate[],
  nodes: readonly Node[],
  minContainment: number,
  threshold: number,
  unit: ChunkUnit,
  reader: DetailReader,
): Promise<ContainmentCandidate[]> {
  const byContained = new Map<number, ContainmentCandidate[]>();
  for (const c of candidates) {
    const list = byContained.get(c.contained);
    if (list) list.push(c);
    else byContained.set(c.contained, [c]);
  }
  const toCheck = [...byContained.values()].flatMap((list) =>
    list.sort((a, b) => b.containment - a.containment || nodes[b.container]!.shingleCount - nodes[a.container]!.shingleCount).slice(0, MAX_CHECKS_PER_DOCUMENT),
  );
  const id = identities(nodes);
  const keyOf = (c: ContainmentCandidate) => nearMemoKey('contained+jaccard', unit, [id(c.contained), id(c.container)]);
  const verified: ContainmentCandidate[] = [];
  const accept = (c: ContainmentCandidate, exact: number, resemblance: number) => {
    if (exact >= minContainment && resemblance < threshold) verified.push({ ...c, containment: exact });
  };
  const unknown: ContainmentCandidate[] = [];
  for (const c of toCheck) {
    const known = reader.cache?.memo(keyOf(c));
    if (known === undefined) unknown.push(c);
    else {
      const [exact, resemblance] = known.split('|').map(Number);
      accept(c, exact!, resemblance!);
    }
  }
  unknown.sort((x, y) => x.container - y.container || x.contained - y.contained);
  await checkInBatches(
    unknown,
    (c) => [nodes[c.contained]!, nodes[c.container]!],
    (c, details) => {
      if (!details) return;
      const [part, whole] = details;
      const exact = containment(part.shingles, whole.shingles);
      const resemblance = jaccard(part.chunks, whole.chunks);
      saveNearMemo(reader.cache, keyOf(c), [nodes[c.contained]!, nodes[c.container]!], `${exact}|${resemblance}`);
      accept(c, exact, resemblance);
    },
    reader,
  );
  return verified;
}
