// The overview's picture as rectangles: the subfolders of the folder shown, each with an area in
// proportion to what removing its copies frees, and their own subfolders inside them sharing
// that area in proportion to theirs. Two levels at a time (the next on demand, by zooming in),
// and only rectangles big enough to see: 20,000 folders cost what the visible few hundred do.
import { hierarchy, treemap, treemapSquarify } from 'd3-hierarchy';
import type { FolderSummary } from '../../shared/folders/folderSummary.ts';
import { reclaimBytes } from '../../shared/folders/folderSummary.ts';

/** Rectangles narrower or lower than this are not drawn (the table lists every folder). */
export const MIN_SIDE = 4;
/** Room for a folder's label above its subfolders. */
export const HEADER = 20;

export interface FolderTree {
  summary: FolderSummary;
  /** Each folder's subfolders that free something, most first; index -1 (the key) for the scanned folders. */
  children: Map<number, number[]>;
}

export function folderTree(summary: FolderSummary): FolderTree {
  const children = new Map<number, number[]>();
  summary.folders.forEach((folder, i) => {
    if (reclaimBytes(folder) <= 0) return;
    let list = children.get(folder.parent);
    if (!list) children.set(folder.parent, (list = []));
    list.push(i);
  });
  const bytes = summary.folders.map(reclaimBytes);
  for (const list of children.values()) list.sort((a, b) => bytes[b]! - bytes[a]! || a - b);
  return { summary, children };
}

/** The folder and those above it, the scanned folder first. */
export function folderChainTo(summary: FolderSummary, folder: number): number[] {
  const chain: number[] = [];
  for (let at = folder; at >= 0; at = summary.folders[at]!.parent) chain.unshift(at);
  return chain;
}

export interface Area {
  folder: number;
  /** 1: a subfolder of the folder shown; 2: one of its own subfolders. */
  depth: 1 | 2;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Whether its subfolders are drawn inside it (below its header). */
  nested: boolean;
}

/** The blank part of a folder's area: what its copies outside every subfolder free. */
const OWN_FILES = -2;

interface Node {
  folder: number;
  value: number;
  children?: Node[];
}

export function layoutLevel(tree: FolderTree, shown: number, width: number, height: number): Area[] {
  const { summary, children } = tree;
  const level = children.get(shown) ?? [];
  if (level.length === 0 || width < MIN_SIDE || height < MIN_SIDE) return [];
  const total = level.reduce((sum, i) => sum + reclaimBytes(summary.folders[i]!), 0);
  // Each subfolder's share of the picture. Its own subfolders take their part of it by their
  // figures, the rest (copies in the folder itself) left blank; when their figures add up to
  // more than its own (a cluster split between two of them counts in each), they share it all.
  const nodes: Node[] = level.map((folder) => {
    const bytes = reclaimBytes(summary.folders[folder]!);
    const value = bytes / total;
    const inner = children.get(folder) ?? [];
    if (inner.length === 0) return { folder, value };
    const innerTotal = inner.reduce((sum, i) => sum + reclaimBytes(summary.folders[i]!), 0);
    const whole = Math.max(bytes, innerTotal);
    const nested: Node[] = inner.map((i) => ({ folder: i, value: (value * reclaimBytes(summary.folders[i]!)) / whole }));
    if (innerTotal < bytes) nested.push({ folder: OWN_FILES, value: (value * (bytes - innerTotal)) / whole });
    return { folder, value: 0, children: nested };
  });
  const root = hierarchy<Node>({ folder: shown, value: 0, children: nodes }).sum((node) => (node.children ? 0 : node.value));
  const laid = treemap<Node>()
    .tile(treemapSquarify)
    .size([width, height])
    .paddingInner(3)
    .paddingTop((node) => (node.depth === 1 ? HEADER : 0))
    .paddingRight((node) => (node.depth === 1 ? 3 : 0))
    .paddingBottom((node) => (node.depth === 1 ? 3 : 0))
    .paddingLeft((node) => (node.depth === 1 ? 3 : 0))
    .round(true)(root);
  const areas: Area[] = [];
  for (const node of laid.descendants()) {
    if (node.depth === 0 || node.data.folder === OWN_FILES) continue;
    const w = node.x1 - node.x0;
    const h = node.y1 - node.y0;
    if (w < MIN_SIDE || h < MIN_SIDE) continue;
    areas.push({ folder: node.data.folder, depth: node.depth as 1 | 2, x: node.x0, y: node.y0, width: w, height: h, nested: node.depth === 1 && Boolean(node.children) });
  }
  // Subfolders first, so that their insides are drawn over them.
  return areas.sort((a, b) => a.depth - b.depth);
}

/** A generous width for 12 px text (wider than most faces write it), so a label said to fit does. */
const CHAR_WIDTH = 7.6;

/**
 * What of "name · size" fits on one line of `width` pixels: both, else the name alone, else
 * nothing. A name is never cut: one that does not fit is left to the table and the area's label.
 */
export function areaLabel(name: string, size: string, width: number): { name: string; size: string } | null {
  const room = width - 10;
  if ((name.length + size.length + 3) * CHAR_WIDTH <= room) return { name, size };
  if (name.length * CHAR_WIDTH <= room) return { name, size: '' };
  return null;
}
