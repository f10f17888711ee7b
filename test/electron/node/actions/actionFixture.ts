// Reports built from real files, as `shingle scan` would write them, for the action tests; and a
// tree with a journal whose trash (XDG_DATA_HOME) lies inside it.
import { lstat } from 'node:fs/promises';
import { ActionJournal } from '../../../../electron/node/actions/actionJournal.ts';
import type { Cluster, ClusterKind, ScanReport } from '../../../../shared/report.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

export interface ActionTree {
  tree: TempTree;
  /** Replaced by a test that reopens it, so that close() closes the open one. */
  journal: ActionJournal;
  /** Closes the journal, puts XDG_DATA_HOME back and removes the tree. */
  close(): Promise<void>;
}

/** A temporary tree of `files`, a journal in it, and the user's trash in it too. */
export async function openActionTree(files: Record<string, string>): Promise<ActionTree> {
  const tree = await createTempTree(files);
  const journal = new ActionJournal(tree.path('state/journal.sqlite'));
  const saved = process.env.XDG_DATA_HOME;
  process.env.XDG_DATA_HOME = tree.path('data');
  const opened: ActionTree = {
    tree,
    journal,
    async close() {
      opened.journal.close();
      if (saved === undefined) delete process.env.XDG_DATA_HOME;
      else process.env.XDG_DATA_HOME = saved;
      await tree.remove();
    },
  };
  return opened;
}

export async function clusterOf(id: string, paths: string[], kind: ClusterKind = 'exact'): Promise<Cluster> {
  const files = [];
  for (const path of paths) {
    const info = await lstat(path);
    files.push({ path, size: info.size, mtime: info.mtimeMs });
  }
  return { id, kind, similarity: 1, reclaimable: files.slice(1).reduce((n, f) => n + f.size, 0), files };
}

export function reportOf(roots: string[], clusters: Cluster[]): ScanReport {
  return { version: 1, roots, stats: { files: 0, bytes: 0, ms: 0 }, clusters, errors: [] };
}
