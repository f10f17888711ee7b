// A duplicate-folder pair's side as a tree: the files' paths below the folder, grouped by
// subfolder, each folder counting its files and the matched ones; and how many entries of a
// large folder wait behind "Show more".
import type { FolderFile } from '../engine/contractTypes.ts';

/** A folder with more entries than this shows the first ones and a button for the rest. */
export const SHOWN_AT_FIRST = 200;

export interface TreeNode {
  name: string;
  folders: Map<string, TreeNode>;
  files: { name: string; file: FolderFile }[];
  total: number;
  matched: number;
}

const SEPARATOR = /[\\/]/;

/** The path below `folder`, in parts; every path given lies below it. */
export function partsBelow(folder: string, path: string): string[] {
  return path.slice(folder.replace(/[\\/]+$/, '').length + 1).split(SEPARATOR).filter(Boolean);
}

export function buildTree(folder: string, files: readonly FolderFile[]): TreeNode {
  const root: TreeNode = { name: '', folders: new Map(), files: [], total: 0, matched: 0 };
  for (const file of files) {
    const parts = partsBelow(folder, file.path);
    let node = root;
    const visit = (n: TreeNode) => {
      n.total++;
      if (file.state === 'matched') n.matched++;
    };
    visit(node);
    for (const part of parts.slice(0, -1)) {
      let next = node.folders.get(part);
      if (!next) node.folders.set(part, (next = { name: part, folders: new Map(), files: [], total: 0, matched: 0 }));
      node = next;
      visit(node);
    }
    node.files.push({ name: parts.at(-1) ?? file.path, file });
  }
  return root;
}

export function byName<T extends { name: string }>(items: Iterable<T>): T[] {
  return [...items].sort((x, y) => x.name.localeCompare(y.name));
}

/** The entries of a folder not shown yet. */
export function hiddenEntries(count: number, showAll: boolean): number {
  return showAll ? 0 : Math.max(0, count - SHOWN_AT_FIRST);
}
