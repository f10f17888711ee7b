// Report clusters from star clusters and containment groups. A node is one canonical text; it may
// stand for several units (the same text as .txt, .html and .pdf), and a unit for several files
// (byte-identical copies), each maybe with several names (hard links).
import { createHash } from 'node:crypto';
import type { ContainedGroup, StarCluster } from '../../../shared/cluster/nearClusters.ts';
import type { Cluster, ClusterKind, DocumentFormat, ReportFile } from '../../../shared/report.ts';
import type { DocumentUnit } from './documentUnits.ts';

export interface TextNode {
  /** `layout`: the text's layoutHash; absent when not known (then never taken for the same text). */
  units: { unit: DocumentUnit; format: DocumentFormat; layout?: string }[];
  words: number;
}

interface Member {
  node: TextNode;
  /** Resemblance to `match` for near clusters, containment in it for contained ones. */
  similarity: number;
  /** The member this one really matches (the representative for most); none for the first. */
  match?: TextNode;
}

/** Three decimals, rounded down: a figure never claims more likeness than was measured (0.9996 is not 1). */
const floor3 = (x: number) => Math.floor(x * 1000 + 1e-9) / 1000;
/** The most a member of another text than its match can show: 1 is for an identical text only. */
const OTHER_TEXT_MAX = 0.999;

/** Stable for the same kind and members: 64 bits of a hash of the sorted paths. */
function clusterId(kind: ClusterKind, files: readonly ReportFile[]): string {
  const paths = files.map((f) => f.path).sort().join('\0');
  return `${kind}-${createHash('sha256').update(`${kind}\0`).update(paths).digest('hex').slice(0, 16)}`;
}

/** The first file of a node: the one its copies and its matches are named by. */
const firstPath = (node: TextNode) => node.units[0]!.unit.inodes[0]!.file.path;

type NodeUnit = TextNode['units'][number];

/**
 * A node's units in texts: the same text is the same layout hash (it differs at most in spacing
 * and line ends), whatever the format, or the same document in another format. Units are first
 * grouped by layout; a group then joins the first earlier one that has none of its formats (a
 * PDF whose extraction spaces or hyphenates otherwise). A group left with a format of an earlier
 * one has other punctuation, case or digits: the same words, but an edit. A unit with no layout
 * known is a group of its own. The node's first unit leads the first text; units keep their order.
 */
function textsOf(units: readonly NodeUnit[]): NodeUnit[][] {
  const byLayout = new Map<string, NodeUnit[]>();
  const groups: NodeUnit[][] = [];
  for (const unit of units) {
    const known = unit.layout === undefined ? undefined : byLayout.get(unit.layout);
    if (known) known.push(unit);
    else {
      const group = [unit];
      groups.push(group);
      if (unit.layout !== undefined) byLayout.set(unit.layout, group);
    }
  }
  const texts: NodeUnit[][] = [];
  for (const group of groups) {
    const other = texts.find((text) => group.every((unit) => text.every((member) => member.format !== unit.format)));
    if (other) other.push(...group);
    else texts.push(group);
  }
  const order = new Map(units.map((unit, i) => [unit, i]));
  return texts.map((text) => text.sort((a, b) => order.get(a)! - order.get(b)!));
}

/**
 * The files of a cluster, representative first, each with the member it matches. A node's files
 * come text by text (textsOf), unit by unit, copy by copy: `identical` says 'bytes' for a copy,
 * 'text' for another unit of the same text, 'words' for a text with the node's words but not its
 * punctuation or case.
 */
function memberFiles(kind: ClusterKind, members: readonly Member[]): ReportFile[] {
  const files: ReportFile[] = [];
  for (const { node, similarity, match } of members) {
    textsOf(node.units).forEach((text, t) => text.forEach(({ unit, format }, u) => {
      unit.inodes.forEach(({ file, links }, i) => {
        const identical = i > 0 ? 'bytes' : u > 0 ? 'text' : t > 0 ? 'words' : undefined;
        // A byte copy matches its twin, another unit of a text the text's first file, a text with
        // the same words the node's first file; that file matches the member's match.
        const same = identical === 'bytes' ? unit.inodes[0]!.file.path : identical === 'text' ? text[0]!.unit.inodes[0]!.file.path : firstPath(node);
        const matched = identical ? { similarity: 1, matches: same } : match ? { similarity: memberFigure(kind, similarity), matches: firstPath(match) } : {};
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
    }));
  }
  return files;
}

/**
 * A member's figure to its match, floored. A near member is another text than its match, so never
 * 1 (its shingles may all be shared: reordered or repeated sentences). A contained member's
 * figure is its containment, and 1 is true of a part wholly inside.
 */
function memberFigure(kind: ClusterKind, similarity: number): number {
  return kind === 'near' ? Math.min(OTHER_TEXT_MAX, floor3(similarity)) : floor3(similarity);
}

function buildCluster(kind: ClusterKind, members: Member[]): Cluster {
  const files = memberFiles(kind, members);
  const reclaimable = files.slice(1).reduce((sum, f) => sum + f.size, 0);
  // Copies of a text count at 1; every other member at its figure to its match.
  const similarity = Math.min(1, ...members.slice(1).map((m) => memberFigure(kind, m.similarity)));
  return { id: clusterId(kind, files), kind, similarity, reclaimable, files };
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
