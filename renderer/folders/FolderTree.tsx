// One folder of a duplicate-folder pair as a tree: its subfolders (each with how many of its files
// are matched) and its files, each marked matched (a copy is in the other folder), changed (an
// edited version is) or only here. Subfolders open on demand once a tree is large, and a closed
// one renders nothing below it.
import { useState } from 'react';
import { plural } from '../../shared/format.ts';
import { displayPath } from '../../shared/fsName.ts';
import type { FolderFile } from '../engine/contractTypes.ts';
import { buildTree, byName, hiddenEntries, partsBelow, SHOWN_AT_FIRST } from './folderTreeModel.ts';
import type { TreeNode } from './folderTreeModel.ts';

/** Trees with more files than this open only their first level. */
const OPEN_ALL_UP_TO = 300;

export const stateLabels: Record<FolderFile['state'], string> = {
  matched: 'Matched',
  changed: 'Changed',
  'only-here': 'Only here',
};

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
  const [showAll, setShowAll] = useState(false);
  const entries = [
    ...byName(node.folders.values()).map((child) => <FolderItem key={`/${child.name}`} node={child} folder={folder} other={other} openAll={openAll} />),
    ...byName(node.files).map(({ name, file }) => <FileItem key={file.path} name={name} file={file} folder={folder} other={other} />),
  ];
  const hidden = hiddenEntries(entries.length, showAll);
  return (
    <ul className="folder-tree" {...(label ? { 'aria-label': label } : {})}>
      {hidden > 0 ? entries.slice(0, SHOWN_AT_FIRST) : entries}
      {hidden > 0 && (
        <li>
          <button type="button" className="button small quiet" onClick={() => setShowAll(true)}>
            Show {hidden} more
          </button>
        </li>
      )}
    </ul>
  );
}

/** `folder`'s files as a tree, marked against `other`. */
export function FolderTree({ folder, other, files }: { folder: string; other: string; files: readonly FolderFile[] }) {
  const root = buildTree(folder, files);
  return <TreeLevel node={root} folder={folder} other={other} openAll={files.length <= OPEN_ALL_UP_TO} label={`Files in ${displayPath(folder)}`} />;
}
