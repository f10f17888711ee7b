// Report clusters from star clusters and containment groups. A node is one canonical text; it may
// stand for several units (the same text as .txt, .html and .pdf), and a unit for several files
// (byte-identical copies), each maybe with several names (hard links).
import { createHash } from 'node:crypto';
import type { ContainedGroup, StarCluster } from '../../../shared/cluster/nearClusters.ts';
import type { Cluster, ClusterKind, DocumentFormat, ReportFile } from '../../../shared/report.ts';
import type { DocumentUnit } from './documentUnits.ts';

export interface TextNode {
  /** `layout`: the text's layoutHash; absent when not known (then never taken for the same text). */
  units: { unit: DocumentUnit; format: DocumentFormat; layout?: string; /** Read with OCR: a node of its own. */ scanned?: true }[];
  words: number;
}

interface Member {
  node: OrderedNode;
  /** Resemblance to `match` for near clusters, containment in it for contained ones. */
  similarity: number;
  /** The member this one really matches (the representative for most); none for the first. */
  match?: OrderedNode;
  /** `similarity` is a sketch estimate, not measured on the texts. */
  estimated?: boolean;
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

/** A node as a cluster shows it: its units in the order of its texts (textsOf), which are kept. */
interface OrderedNode extends TextNode {
  texts: NodeUnit[][];
}

/**
 * A node's units in texts: the same text is the same layout hash (it differs at most in spacing
 * and line ends), whatever the format, or the same document in another format. Units are first
 * grouped by layout; a group then joins the first earlier one that has none of its formats (a
 * PDF whose extraction spaces or hyphenates otherwise). A group left with a format of an earlier
 * one has other punctuation, case or digits: the same words, but an edit. A unit with no layout
 * known is a group of its own. Units keep their order in a text; the text in the most units
 * leads, then the one with the oldest file.
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
  const sorted = texts.map((text) => text.sort((a, b) => order.get(a)! - order.get(b)!));
  // The text that leads, which the others are the same words as: the one held in more units
  // (another format shares it: the document as written, not an edit of it), then the one with
  // the oldest file, then the units' order.
  const oldest = (text: NodeUnit[]) => Math.min(...text.map(({ unit }) => unit.inodes[0]!.file.mtimeMs));
  return sorted.sort((a, b) => b.length - a.length || oldest(a) - oldest(b) || order.get(a[0]!)! - order.get(b[0]!)!);
}

/**
 * The files of a cluster, representative first, each with the member it matches. A node's files
 * come text by text (textsOf), unit by unit, copy by copy: `identical` says 'bytes' for a copy,
 * 'text' for another unit of the same text, 'words' for a text with the node's words but not its
 * punctuation or case.
 */
function memberFiles(kind: ClusterKind, members: readonly Member[]): ReportFile[] {
  const files: ReportFile[] = [];
  for (const { node, similarity, match, estimated } of members) {
    node.texts.forEach((text, t) => text.forEach(({ unit, format, scanned }, u) => {
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
          // Only the node's first file carries its measure: its copies are 'identical'.
          ...(estimated && match && !identical ? { estimated: true } : {}),
          ...(scanned ? { scanned } : {}),
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
export function memberFigure(kind: ClusterKind, similarity: number): number {
  return kind === 'near' ? Math.min(OTHER_TEXT_MAX, floor3(similarity)) : floor3(similarity);
}

function buildCluster(kind: ClusterKind, members: Member[]): Cluster {
  const files = memberFiles(kind, members);
  const reclaimable = files.slice(1).reduce((sum, f) => sum + f.size, 0);
  // Copies of a text count at 1; every other member at its figure to its match.
  const similarity = Math.min(1, ...members.slice(1).map((m) => memberFigure(kind, m.similarity)));
  const estimated = members.some((m) => m.estimated);
  return { id: clusterId(kind, files), kind, similarity, reclaimable, files, ...(estimated ? { estimated } : {}) };
}

const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** The older file first (the original, where copies were made later), then the path. */
const olderFirst = (a: { file: { mtimeMs: number; path: string } }, b: { file: { mtimeMs: number; path: string } }) => a.file.mtimeMs - b.file.mtimeMs || byPath(a.file.path, b.file.path);

/**
 * The node with its files in the order they are named by: byte copies and units of its text the
 * older first, then by path. A copy, never the node itself: the scan's and the watcher's nodes
 * keep their units by path, which their order and memo keys follow.
 */
function representativeOrder(node: TextNode): OrderedNode {
  const units = node.units.map((held) => ({ ...held, unit: { ...held.unit, inodes: held.unit.inodes.toSorted(olderFirst) } }));
  const texts = textsOf(units.sort((a, b) => olderFirst(a.unit.inodes[0]!, b.unit.inodes[0]!)));
  return { ...node, units: texts.flat(), texts };
}

/** Negative when text `a` is the better representative: more words (the most complete version), then its oldest file older, then its path. */
function moreComplete(a: TextNode, b: TextNode): number {
  return b.words - a.words || olderFirst(a.units[0]!.unit.inodes[0]!, b.units[0]!.unit.inodes[0]!);
}

/**
 * The members of a star, its representative first. A star of several texts is led by its center,
 * the text the others were measured to. A star of two texts was measured both ways (the figure is
 * symmetric), so it is led by the more complete one (moreComplete): which of two versions names
 * the cluster follows from the files alone, whichever a scan, a watcher or an undo saw first.
 */
function starMembers(star: StarCluster, node: (n: number) => OrderedNode): Member[] {
  const estimated = (m: StarCluster['members'][number]) => (m.estimated ? { estimated: true } : {});
  const only = star.members.length === 1 ? star.members[0]! : undefined;
  if (only && moreComplete(node(only.node), node(star.center)) < 0) {
    return [{ node: node(only.node), similarity: 1 }, { node: node(star.center), similarity: only.similarity, match: node(only.node), ...estimated(only) }];
  }
  return [{ node: node(star.center), similarity: 1 }, ...star.members.map((m) => ({ node: node(m.node), similarity: m.similarity, match: node(m.match), ...estimated(m) }))];
}

/**
 * Near clusters (stars, plus lone texts found in several different files) and contained clusters.
 * The representative, which names the cluster and which the others are measured to, is chosen
 * by a rule on the files alone (starMembers, representativeOrder), so it stays when a copy is
 * removed and put back: of the texts, the star's center (between two, the one with more words,
 * then the older); of that text's files, the oldest, then by path.
 */
export function assembleClusters(nodes: readonly TextNode[], stars: readonly StarCluster[], contained: readonly ContainedGroup[]): Cluster[] {
  const ordered: (OrderedNode | undefined)[] = [];
  const node = (n: number) => (ordered[n] ??= representativeOrder(nodes[n]!));
  const clusters: Cluster[] = [];
  const clustered = new Uint8Array(nodes.length);
  for (const star of stars) {
    clustered[star.center] = 1;
    for (const m of star.members) clustered[m.node] = 1;
    clusters.push(buildCluster('near', starMembers(star, node)));
  }
  for (const group of contained) {
    for (const c of group.contained) clustered[c.node] = 1;
    const container = node(group.container);
    // The container is shown for reference, as its one representative unit, and always kept.
    const units = container.units.slice(0, 1).map(({ unit, format, scanned }) => ({ unit: { ...unit, inodes: unit.inodes.slice(0, 1) }, format, ...(scanned ? { scanned } : {}) }));
    const head = { node: { ...container, units, texts: [units] }, similarity: 1 };
    clusters.push(buildCluster('contained', [head, ...group.contained.map((c) => ({ node: node(c.node), similarity: c.containment, match: head.node }))]));
  }
  nodes.forEach((text, n) => {
    if (!clustered[n] && text.units.length > 1) clusters.push(buildCluster('near', [{ node: node(n), similarity: 1 }]));
  });
  return clusters;
}
