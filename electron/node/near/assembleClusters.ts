// Report clusters from star clusters and containment groups. A node is one canonical text; it may
// stand for several units (the same text as .txt, .html and .pdf), and a unit for several files
// (byte-identical copies), each maybe with several names (hard links).
import { createHash } from 'node:crypto';
import type { ContainedGroup, StarCluster } from '../../../shared/cluster/nearClusters.ts';
import type { Cluster, ClusterKind, DocumentFormat, ReportFile } from '../../../shared/report.ts';
import type { DocumentUnit } from './documentUnits.ts';

export interface TextNode {
  units: { unit: DocumentUnit; format: DocumentFormat }[];
  words: number;
}

interface Member {
  node: TextNode;
  /** Resemblance to `match` for near clusters, containment in it for contained ones. */
  similarity: number;
  /** The member this one really matches (the representative for most); none for the first. */
  match?: TextNode;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Stable for the same kind and members: 64 bits of a hash of the sorted paths. */
function clusterId(kind: ClusterKind, files: readonly ReportFile[]): string {
  const paths = files.map((f) => f.path).sort().join('\0');
  return `${kind}-${createHash('sha256').update(`${kind}\0`).update(paths).digest('hex').slice(0, 16)}`;
}

/** The first file of a node: the one its copies and its matches are named by. */
const firstPath = (node: TextNode) => node.units[0]!.unit.inodes[0]!.file.path;

/** The files of a cluster, representative first, each with the member it matches. */
function memberFiles(members: readonly Member[]): ReportFile[] {
  const files: ReportFile[] = [];
  for (const { node, similarity, match } of members) {
    node.units.forEach(({ unit, format }, u) => {
      unit.inodes.forEach(({ file, links }, i) => {
        const identical = i > 0 ? 'bytes' : u > 0 ? 'text' : undefined;
        // A copy matches its node's first file exactly; that file matches the member's match.
        const matched = identical ? { similarity: 1, matches: firstPath(node) } : match ? { similarity: round3(similarity), matches: firstPath(match) } : {};
        files.push({
          path: file.path,
          size: file.size,
          mtime: Math.round(file.mtimeMs),
          // Lets `shingle apply` notice content rewritten with its old size and mtime.
          ctime: file.ctimeMs,
          ...(links.length ? { links } : {}),
          format,
          words: node.words,
          ...(identical ? { identical } : {}),
          ...matched,
        });
      });
    });
  }
  return files;
}

function buildCluster(kind: ClusterKind, members: Member[]): Cluster {
  const files = memberFiles(members);
  const reclaimable = files.slice(1).reduce((sum, f) => sum + f.size, 0);
  // Copies of a text count at 1; every other member at its similarity to its match.
  const similarity = Math.min(1, ...members.slice(1).map((m) => m.similarity));
  return { id: clusterId(kind, files), kind, similarity: round3(similarity), reclaimable, files };
}

/**
 * Near clusters (stars, plus lone texts found in several different files) and contained clusters.
 * Units are ordered inside a node by size, largest first, so the representative is the fullest copy.
 */
export function assembleClusters(nodes: readonly TextNode[], stars: readonly StarCluster[], contained: readonly ContainedGroup[]): Cluster[] {
  for (const node of nodes) node.units.sort((a, b) => b.unit.size - a.unit.size || (a.unit.path < b.unit.path ? -1 : 1));
  const clusters: Cluster[] = [];
  const clustered = new Uint8Array(nodes.length);
  for (const star of stars) {
    clustered[star.center] = 1;
    for (const m of star.members) clustered[m.node] = 1;
    clusters.push(
      buildCluster('near', [{ node: nodes[star.center]!, similarity: 1 }, ...star.members.map((m) => ({ node: nodes[m.node]!, similarity: m.similarity, match: nodes[m.match]! }))]),
    );
  }
  for (const group of contained) {
    for (const c of group.contained) clustered[c.node] = 1;
    const container = nodes[group.container]!;
    // The container is shown for reference, as its one representative unit, and always kept.
    const head = { node: { ...container, units: container.units.slice(0, 1).map(({ unit, format }) => ({ unit: { ...unit, inodes: unit.inodes.slice(0, 1) }, format })) }, similarity: 1 };
    clusters.push(buildCluster('contained', [head, ...group.contained.map((c) => ({ node: nodes[c.node]!, similarity: c.containment, match: head.node }))]));
  }
  nodes.forEach((node, n) => {
    if (!clustered[n] && node.units.length > 1) clusters.push(buildCluster('near', [{ node, similarity: 1 }]));
  });
  return clusters;
}
