// Folders by identity. A folder has many names: a bind mount (/data/view is /data), a
// case-insensitive volume (~/backup is ~/Backup), a symlink, a mapped drive. Comparing paths as
// text, a reference folder named one way protects nothing scanned another way. So "inside" is
// decided by what the disk says: a path lies in a folder when the folder itself, or a folder on
// the path's way up, is that folder (the same device and inode). The text rule (isWithin) is the
// fast path; the identity walk settles what the text cannot.
//
// Pure code (shared/) cannot stat, so the engine answers here and passes the answer on: the names
// a report uses for a folder (namesInReport, for the keep rules) or the folder holding a path
// (folderSet, for the guards next to the action).
import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { displayPath } from '../../../shared/fsName.ts';
import { isWithin } from '../../../shared/paths/isWithin.ts';
import { toFsPath } from '../scan/fsPath.ts';
import { realPathOf } from './realPaths.ts';

/** A folder's identity on this machine while it is mounted: "device:inode". */
export type FolderId = string;

/** The identity of what `path` names now (following links); undefined when nothing is there. */
export async function identityOf(path: string): Promise<FolderId | undefined> {
  const found = await stat(toFsPath(path), { bigint: true }).catch(() => undefined);
  return found ? `${found.dev}:${found.ino}` : undefined;
}

/** Identities looked up once per path for a batch or a plan: many files share their folders. */
export function createIdentityCache(): (path: string) => Promise<FolderId | undefined> {
  const known = new Map<string, Promise<FolderId | undefined>>();
  return (path) => {
    let id = known.get(path);
    if (id === undefined) known.set(path, (id = identityOf(path)));
    return id;
  };
}

/** `path` and each folder above it, nearest first, ending at the root. */
function upFrom(path: string): string[] {
  const chain = [path];
  for (let up = dirname(path); up !== chain.at(-1); up = dirname(up)) chain.push(up);
  return chain;
}

/** Where a path lies among a set of folders: the folder (as the rule names it) and the name the path reaches it by. */
export interface Holding {
  folder: string;
  /** The folder on the path's way up that is `folder`: the folder itself when matched as text. */
  as: string;
}

/** "a reference folder, /data/ref (here named /data/view/ref)": the folder, and the name the path reached it by. */
export function describeHolding(kind: string, holding: Holding): string {
  return `${kind}, ${displayPath(holding.folder)}${holding.as === holding.folder ? '' : ` (here named ${displayPath(holding.as)})`}`;
}

export interface FolderSet {
  /** The folder of the set that `path` is or lies in, by its text or by identity; undefined if none. */
  holding(path: string): Promise<Holding | undefined>;
}

/**
 * The folders, each known by its identity once. A path's way up is walked through its real path
 * (so a symlink to a folder's subfolder counts as inside it), each folder looked up once; a part
 * that does not exist yet (a move target) is skipped, its existing folders still count.
 */
export async function folderSet(folders: readonly string[], identity = createIdentityCache()): Promise<FolderSet> {
  const byId = new Map<FolderId, string>();
  for (const folder of folders) {
    const id = await identity(folder);
    if (id !== undefined && !byId.has(id)) byId.set(id, folder);
  }
  const realFolders = new Map<string, Promise<string>>();
  const realPathOfFolder = (folder: string) => {
    let real = realFolders.get(folder);
    if (real === undefined) realFolders.set(folder, (real = realPathOf(folder)));
    return real;
  };
  return {
    async holding(path) {
      const named = folders.find((folder) => isWithin(path, folder, process.platform));
      if (named !== undefined) return { folder: named, as: named };
      if (byId.size === 0) return undefined;
      // The path itself may be a folder of the set (a move target), or a file: a file's identity is never a folder's.
      const real = await realPathOfFolder(dirname(path));
      for (const up of [path, ...upFrom(real)]) {
        const id = await identity(up);
        const folder = id === undefined ? undefined : byId.get(id);
        if (folder !== undefined) return { folder, as: up };
      }
      return undefined;
    },
  };
}

/**
 * The names `paths` (a report's files) use for `folder`: the folder as given, and every folder on
 * their way up that is the same folder by identity. The keep rules (pure, text only) test a file
 * against each name, so `in:/data/ref` keeps a file scanned as /data/view/ref/a.txt.
 */
export async function namesInReport(folder: string, paths: readonly string[], identity = createIdentityCache()): Promise<string[]> {
  const wanted = await identity(folder);
  const names = new Set([folder]);
  if (wanted === undefined) return [folder];
  const seen = new Set<string>();
  for (const path of paths) {
    if (isWithin(path, folder, process.platform)) continue;
    // Report paths are real paths: their text folders are their folders.
    for (const up of upFrom(dirname(path))) {
      if (seen.has(up)) break;
      seen.add(up);
      if ((await identity(up)) === wanted) names.add(up);
    }
  }
  return [...names];
}
