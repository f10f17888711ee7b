// One folder of a duplicate-folder pair as a tree: its subfolders (each with how many of its files
// are matched) and its files, each marked matched (a copy is in the other folder), changed (an
// edited version is) or only here. Subfolders open on demand once a tree is large, and a closed
// one renders nothing below it.
import { useState } from 'react';
import { plural } from '../../shared/format.ts';
import { displayPath } from '../../shared/fsName.ts';
import type { FolderFile } from '../engine/contractTypes.ts';

/** Trees with more files than this open only their first level. */
const OPEN_ALL_UP_TO = 300;

export const stateLabels: Record<FolderFile['state'], string> = {
  matched: 'Matched',
  changed: 'Changed',
  'only-here': 'Only here',
};

interface TreeNode {
  name: string;
  folders: Map<string, TreeNode>;
  files: { name: string; file: FolderFile }[];
  total: number;
  matched: number;
}

const SEPARATOR = /[\\/]/;

/** The path below `folder`, in parts; every path given lies below it. */
function partsBelow(folder: string, path: string): string[] {
  return path.slice(folder.replace(/[\\/]+$/, '').length + 1).split(SEPARATOR).filter(Boolean);
}

function buildTree(folder: string, files: readonly FolderFile[]): TreeNode {
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

function byName<T extends { name: string }>(items: Iterable<T>): T[] {
  return [...items].sort((x, y) => x.name.localeCompare(y.name));
}

function FileItem({ name, file, folder, other }: { name: string; file: FolderFile; folder: string; other: string }) {
  const counterpart = file.counterpart ? partsBelow(other, file.counterpart).join('/') : undefined;
  const title = file.state === 'matched' ? `Same as ${counterpart}` : file.state === 'changed' ? `An edited version of ${counterpart}` : `No copy in ${displayPath(other)}/`;
  return (
    <li className={`folder-file state-${file.state}`} data-state={file.state} title={`${displayPath(partsBelow(folder, file.path).join('/'))}: ${title}`}>
      <span className="folder-file-name">{displayPath(name)}</span>
      <span className="folder-mark">{stateLabels[file.state]}</span>
    </li>
  );
}

function FolderItem({ node, folder, other, openAll }: { node: TreeNode; folder: string; other: string; openAll: boolean }) {
  const [open, setOpen] = useState(openAll);
  return (
    <li className="folder-node">
      <button type="button" className="folder-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> {displayPath(node.name)}/ <span className="folder-counts">{node.matched === node.total ? `${plural(node.total, 'file')}, all matched` : `${node.matched} of ${plural(node.total, 'file')} matched`}</span>
      </button>
      {open && <TreeLevel node={node} folder={folder} other={other} openAll={openAll} />}
    </li>
  );
}

function TreeLevel({ node, folder, other, openAll, label }: { node: TreeNode; folder: string; other: string; openAll: boolean; label?: string }) {
  return (
    <ul className="folder-tree" {...(label ? { 'aria-label': label } : {})}>
      {byName(node.folders.values()).map((child) => (
        <FolderItem key={child.name} node={child} folder={folder} other={other} openAll={openAll} />
      ))}
      {byName(node.files).map(({ name, file }) => (
        <FileItem key={file.path} name={name} file={file} folder={folder} other={other} />
      ))}
    </ul>
  );
}

/** `folder`'s files as a tree, marked against `other`. */
export function FolderTree({ folder, other, files }: { folder: string; other: string; files: readonly FolderFile[] }) {
  const root = buildTree(folder, files);
  return <TreeLevel node={root} folder={folder} other={other} openAll={files.length <= OPEN_ALL_UP_TO} label={`Files in ${displayPath(folder)}`} />;
}
