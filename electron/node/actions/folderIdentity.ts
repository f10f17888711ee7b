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
import { basename, dirname, join } from 'node:path';
import { displayPath } from '../../../shared/fsName.ts';
import { isWithin } from '../../../shared/paths/isWithin.ts';
import { toFsPath } from '../scan/fsPath.ts';
import { mountAliases, readMounts, renamed } from './mountNames.ts';
import type { Mount } from './mountNames.ts';
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
  /** When the path reaches the folder only through a mount of one of its subfolders (mountNames.ts): that mount's point, on the path's way up. */
  mountedFrom?: string;
}

/** "a reference folder, /data/ref (here named /data/view/ref)": the folder, and the name the path reached it by. */
export function describeHolding(kind: string, holding: Holding): string {
  if (holding.mountedFrom !== undefined) return `${kind}, ${displayPath(holding.folder)} (${displayPath(holding.mountedFrom)} is mounted from inside it)`;
  return `${kind}, ${displayPath(holding.folder)}${holding.as === holding.folder ? '' : ` (here named ${displayPath(holding.as)})`}`;
}

export interface FolderSet {
  /** The folder of the set that `path` is or lies in, by its text or by identity; undefined if none. */
  holding(path: string): Promise<Holding | undefined>;
  /** The same for a report's file, named by its real path, without a look at the file itself. */
  reportFileHolding(realPath: string): Promise<Holding | undefined>;
}

/**
 * The folders, each known by its identity once. A path's way up is walked through its real path
 * (so a symlink to a folder's subfolder counts as inside it), each folder looked up once; a part
 * that does not exist yet (a move target) is skipped, its existing folders still count. When the
 * walk finds none, the path's other names through the mounts (a bind mount of a subfolder) are
 * walked too, each alias checked by identity first.
 */
export async function folderSet(folders: readonly string[], identity = createIdentityCache()): Promise<FolderSet> {
  const byId = new Map<FolderId, string>();
  for (const folder of folders) {
    const id = await identity(folder);
    if (id !== undefined && !byId.has(id)) byId.set(id, folder);
  }
  const byName = async (names: readonly string[]): Promise<Holding | undefined> => {
    for (const up of names) {
      const id = await identity(up);
      const folder = id === undefined ? undefined : byId.get(id);
      if (folder !== undefined) return { folder, as: up };
    }
    return undefined;
  };
  let mounts: Promise<Mount[]> | undefined;
  const throughMounts = async (real: string): Promise<Holding | undefined> => {
    mounts ??= readMounts();
    const all = await mounts;
    // Each other name of the folder, found from the ones before; `from` is the first mount point, on the folder's own way up.
    const queue = [{ name: real, from: '' }];
    const seen = new Set([real]);
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      for (const alias of mountAliases(next.name, all)) {
        const other = renamed(next.name, alias);
        if (seen.has(other)) continue;
        seen.add(other);
        const same = await identity(alias.folder);
        if (same === undefined || same !== (await identity(alias.sameAs))) continue;
        const from = next.from || alias.folder;
        const found = await byName(upFrom(other));
        if (found) return { ...found, mountedFrom: from };
        queue.push({ name: other, from });
      }
    }
    return undefined;
  };
  const known = new Map<string, Promise<Holding | undefined>>();
  const realFolderHolding = (real: string): Promise<Holding | undefined> => {
    let found = known.get(real);
    if (found === undefined) known.set(real, (found = byName(upFrom(real)).then((held) => held ?? throughMounts(real))));
    return found;
  };
  // A file can be a mount point itself (a bind mount of one file): its folder's names do not tell.
  const fileMountHolding = async (realPath: string): Promise<Holding | undefined> => {
    mounts ??= readMounts();
    return (await mounts).some((mount) => mount.mountPoint === realPath) ? throughMounts(realPath) : undefined;
  };
  const realFileHolding = async (realPath: string) => (await realFolderHolding(dirname(realPath))) ?? fileMountHolding(realPath);
  const realFolders = new Map<string, Promise<string>>();
  const realPathOfFolder = (folder: string) => {
    let real = realFolders.get(folder);
    if (real === undefined) realFolders.set(folder, (real = realPathOf(folder)));
    return real;
  };
  const named = (path: string) => folders.find((folder) => isWithin(path, folder, process.platform));
  return {
    async holding(path) {
      const text = named(path);
      if (text !== undefined) return { folder: text, as: text };
      if (byId.size === 0) return undefined;
      // The path itself may be a folder of the set (a move target), or a file: a file's identity is never a folder's.
      return (await byName([path])) ?? realFileHolding(join(await realPathOfFolder(dirname(path)), basename(path)));
    },
    async reportFileHolding(realPath) {
      const text = named(realPath);
      if (text !== undefined) return { folder: text, as: text };
      return byId.size === 0 ? undefined : realFileHolding(realPath);
    },
  };
}

/**
 * The names `paths` (a report's files) use for `folder`: the folder as given, every folder on
 * their way up that is the same folder by identity, and every mount point on their way that is
 * mounted from inside it (a folder or one file). The keep rules (pure, text only) test a file
 * against each name, so `in:/data/ref` keeps a file scanned as /data/view/ref/a.txt.
 */
export async function namesInReport(folder: string, paths: readonly string[], identity = createIdentityCache()): Promise<string[]> {
  const set = await folderSet([folder], identity);
  const names = [folder];
  for (const path of paths) {
    if (names.some((name) => isWithin(path, name, process.platform))) continue;
    // Report paths are real paths: their text folders are their folders.
    const held = await set.reportFileHolding(path);
    if (held) names.push(held.mountedFrom ?? held.as);
  }
  return names;
}

/**
 * Which of a report's `paths` lie in one of `folders`, under any of its names. A report's
 * paths are real paths, so each file's folder is walked as it is named; one look per folder.
 */
export async function reportPathsWithin(folders: readonly string[], paths: readonly string[]): Promise<(path: string) => boolean> {
  const set = await folderSet(folders);
  const inside = new Set<string>();
  for (const path of paths) if (await set.reportFileHolding(path)) inside.add(path);
  return (path) => inside.has(path);
}
