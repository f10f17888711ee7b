// The two steps that need more than fingerprints: exact Jaccard for pairs near the threshold, and
// cluster descriptions. Both read a few texts again, so both are memoised by file identity: an
// unchanged rescan reads nothing, and the reading pool is only started when something is missing.
import { describeCluster } from '../../../shared/cluster/describeCluster.ts';
import { TRUSTED_SAMPLES } from '../../../shared/cluster/nearClusters.ts';
import type { ContainmentCandidate, SimilarPair } from '../../../shared/cluster/nearClusters.ts';
import { containment, jaccard } from '../../../shared/fingerprint/jaccard.ts';
import type { Cluster } from '../../../shared/report.ts';
import type { ChunkUnit } from '../../../shared/scanOptions.ts';
import { createExtractPool } from '../extract/extractPool.ts';
import type { ExtractPool } from '../extract/extractPool.ts';
import { fileIdentity } from '../scan/contentCache.ts';
import type { ContentCache } from '../scan/contentCache.ts';
import type { TextNode } from './assembleClusters.ts';
import { detailStepUrl } from './detailStep.ts';
import type { DocumentDetail } from './detailStep.ts';
import type { DocumentFingerprint } from './documentFingerprint.ts';

// Sketch estimates within this distance of the threshold are checked on the exact chunk sets:
// 128 slots give a standard error of up to 0.044, so this is about two of them.
export const VERIFY_MARGIN = 0.1;

export interface DetailReader {
  readonly cache: ContentCache | undefined;
  /** Texts and chunk sets of the given nodes' first files, read now (nothing cached here). */
  read(nodes: readonly TextNode[]): Promise<Map<TextNode, DocumentDetail>>;
  filesRead(): number;
  close(): Promise<void>;
}

export function createDetailReader(unit: ChunkUnit, hooks: { signal?: AbortSignal; cache?: ContentCache }): DetailReader {
  let pool: ExtractPool<DocumentDetail> | undefined;
  let count = 0;
  return {
    cache: hooks.cache,
    async read(nodes) {
      const out = new Map<TextNode, DocumentDetail>();
      if (nodes.length === 0) return out;
      pool ??= createExtractPool<DocumentDetail>({ threads: Math.min(2, nodes.length), postProcess: detailStepUrl(unit) });
      const reader = pool;
      await Promise.all(
        nodes.map(async (node) => {
          count++;
          const result = await reader.extract(node.units[0]!.unit.path, hooks.signal);
          if (result.ok) out.set(node, result);
        }),
      );
      return out;
    },
    filesRead: () => count,
    close: async () => pool?.destroy(),
  };
}

function nodeIdentity(node: TextNode): string {
  return fileIdentity(node.units[0]!.unit.inodes[0]!.file);
}

/** Replaces sketch estimates near the threshold with exact Jaccard; drops pairs below it. */
export async function verifyPairs(
  pairs: SimilarPair[],
  nodes: readonly (TextNode & DocumentFingerprint)[],
  threshold: number,
  details: DetailReader,
): Promise<SimilarPair[]> {
  const close = pairs.filter((p) => Math.abs(p.similarity - threshold) < VERIFY_MARGIN);
  const keyOf = (p: SimilarPair) => `jaccard|${[nodeIdentity(nodes[p.a]!), nodeIdentity(nodes[p.b]!)].sort().join('|')}`;
  const unknown: SimilarPair[] = [];
  for (const pair of close) {
    const known = details.cache?.memo(keyOf(pair));
    if (known === undefined) unknown.push(pair);
    else pair.similarity = Number(known);
  }
  const read = await details.read([...new Set(unknown.flatMap((p) => [nodes[p.a]!, nodes[p.b]!]))]);
  for (const pair of unknown) {
    const a = read.get(nodes[pair.a]!);
    const b = read.get(nodes[pair.b]!);
    if (!a || !b) continue;
    pair.similarity = jaccard(a.chunks, b.chunks);
    details.cache?.saveMemo(keyOf(pair), String(pair.similarity));
  }
  return pairs.filter((p) => p.similarity >= threshold);
}

// A short document can share a few sampled shingles with many others; the best few are checked.
const MAX_CHECKS_PER_DOCUMENT = 8;

/**
 * Containment estimates resting on fewer than TRUSTED_SAMPLES samples (short excerpts) are replaced
 * by the exact containment of the word-shingle sets; candidates below `minContainment` are dropped.
 */
export async function verifyContainment(
  candidates: readonly ContainmentCandidate[],
  nodes: readonly (TextNode & DocumentFingerprint)[],
  minContainment: number,
  details: DetailReader,
): Promise<ContainmentCandidate[]> {
  const trusted = candidates.filter((c) => c.samples >= TRUSTED_SAMPLES);
  const checks = new Map<number, ContainmentCandidate[]>();
  for (const c of candidates) if (c.samples < TRUSTED_SAMPLES) checks.set(c.contained, [...(checks.get(c.contained) ?? []), c]);
  const toCheck = [...checks.values()].flatMap((list) =>
    list.sort((a, b) => b.containment - a.containment || nodes[b.container]!.shingleCount - nodes[a.container]!.shingleCount).slice(0, MAX_CHECKS_PER_DOCUMENT),
  );
  const keyOf = (c: ContainmentCandidate) => `contained|${nodeIdentity(nodes[c.contained]!)}|${nodeIdentity(nodes[c.container]!)}`;
  const unknown = toCheck.filter((c) => {
    const known = details.cache?.memo(keyOf(c));
    if (known !== undefined) c.containment = Number(known);
    return known === undefined;
  });
  const read = await details.read([...new Set(unknown.flatMap((c) => [nodes[c.contained]!, nodes[c.container]!]))]);
  for (const c of unknown) {
    const part = read.get(nodes[c.contained]!);
    const whole = read.get(nodes[c.container]!);
    c.containment = part && whole ? containment(part.shingles, whole.shingles) : 0;
    if (part && whole) details.cache?.saveMemo(keyOf(c), String(c.containment));
  }
  return [...trusted, ...toCheck.filter((c) => c.containment >= minContainment)];
}

/** The description of each near cluster, from its representative's text and its members' samples. */
export async function describeNearClusters(clusters: Cluster[], nodes: readonly (TextNode & DocumentFingerprint)[], settingsKey: string, details: DetailReader): Promise<void> {
  const nodeOf = new Map<string, TextNode & DocumentFingerprint>();
  for (const node of nodes) for (const { unit } of node.units) for (const { file } of unit.inodes) nodeOf.set(file.path, node);
  const pending: { cluster: Cluster; key: string; members: (TextNode & DocumentFingerprint)[] }[] = [];
  for (const cluster of clusters) {
    if (cluster.kind !== 'near') continue;
    const members = [...new Set(cluster.files.map((f) => nodeOf.get(f.path)).filter((n) => n !== undefined))];
    const key = `describe|${settingsKey}|${members.map(nodeIdentity).join('|')}`;
    const known = details.cache?.memo(key);
    if (known === undefined) pending.push({ cluster, key, members });
    else if (known) cluster.description = known;
  }
  const texts = await details.read(pending.map((p) => p.members[0]!));
  for (const { cluster, key, members } of pending) {
    const detail = texts.get(members[0]!);
    if (!detail) continue;
    const description = describeCluster(detail.text, members.map((m) => m.sample));
    details.cache?.saveMemo(key, description);
    if (description) cluster.description = description;
  }
}
