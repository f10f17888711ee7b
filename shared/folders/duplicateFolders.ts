// Duplicate folders ("Backup/ is 92 % the same as Documents/"), bottom-up from the files' copies.
// A folder's content is every file beneath it. Two folders' similarity is the share of their
// bytes, and of their files, that have a copy in the other folder — the smaller of the two shares,
// so that neither one huge shared file nor many tiny ones can make two folders look alike.
// Candidates start from the folders directly holding copies of one another and climb to their
// parents while the pair stays similar; only the highest such pair is reported.
import type { FolderMatch } from '../report.ts';
import { hashString32 } from '../fingerprint/hash32.ts';

export interface FolderFile {
  path: string;
  size: number;
  /** Equal for the names of one file (hard links): they count as copies of each other. */
  fileId?: string;
  /** Names of the file; its fileId is looked at only when there are several (or this is unknown). */
  nlink?: number;
}

export interface DuplicateFolderOptions {
  /** The scanned folders: pairs never reach above them. */
  roots: readonly string[];
  /** Least similarity reported, in (0, 1]. */
  threshold: number;
}

/**
 * A copy found in more folders than this does not start candidate pairs (it still counts as a
 * copy): a licence or an empty template in hundreds of folders would make every pair of them a
 * candidate. Folders made only of such files are not found.
 */
export const MAX_SEED_FOLDERS = 64;

interface Folder {
  path: string;
  parent: number;
  depth: number;
  bytes: number;
  files: number;
  /** Files beneath with a copy somewhere (not necessarily in the other folder of a pair), and their bytes. */
  copies: number;
  copyBytes: number;
  children: number[];
  /** Indexes into the file list of the files directly inside. */
  own: number[];
}

function parentPath(path: string): string | null {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  if (cut < 0) return null;
  // "/a" → "/", "C:\a" → "C:\".
  return cut === 0 || path[cut - 1] === ':' ? path.slice(0, cut + 1) : path.slice(0, cut);
}

/**
 * Folder pairs at least `threshold` alike, most matched bytes first. `keys` are the copy keys of
 * copyKeys(); a file with no key and no hard link elsewhere has no copy.
 */
export function findDuplicateFolders(files: readonly FolderFile[], keys: ReadonlyMap<string, number>, options: DuplicateFolderOptions): FolderMatch[] {
  const roots = new Set(options.roots);
  const folders: Folder[] = [];
  const folderIds = new Map<string, number>();
  const folderOf = (path: string): number => {
    let id = folderIds.get(path);
    if (id !== undefined) return id;
    const parent = roots.has(path) ? null : parentPath(path);
    const parentId = parent === null || parent === path ? -1 : folderOf(parent);
    id = folders.length;
    folders.push({ path, parent: parentId, depth: parentId < 0 ? 0 : folders[parentId]!.depth + 1, bytes: 0, files: 0, copies: 0, copyBytes: 0, children: [], own: [] });
    folderIds.set(path, id);
    if (parentId >= 0) folders[parentId]!.children.push(id);
    return id;
  };

  // One integer per copy key (the clusters' own, then one per hard-linked file); -1 for none.
  let nextKey = 0;
  for (const key of keys.values()) nextKey = Math.max(nextKey, key + 1);
  const linkKeys = new Map<string, number>();
  const fileKey = new Int32Array(files.length).fill(-1);
  const keyCount = new Map<number, number>();
  files.forEach((file, f) => {
    let key = keys.get(file.path);
    if (key === undefined && file.fileId !== undefined && (file.nlink ?? 2) > 1) {
      key = linkKeys.get(file.fileId);
      if (key === undefined) linkKeys.set(file.fileId, (key = nextKey++));
    }
    if (key === undefined) return;
    keyCount.set(key, (keyCount.get(key) ?? 0) + 1);
    fileKey[f] = key;
  });
  const fileFolder = new Int32Array(files.length);
  // The walk lists a folder's files together: most files share the previous one's folder.
  let lastParent = '';
  let lastFolder = -1;
  files.forEach((file, f) => {
    const cut = Math.max(file.path.lastIndexOf('/'), file.path.lastIndexOf('\\'));
    const sameFolder = lastFolder >= 0 && cut === lastParent.length && file.path.startsWith(lastParent);
    const parent = sameFolder ? lastParent : parentPath(file.path);
    if (parent === null) return;
    const folder = sameFolder ? lastFolder : folderOf(parent);
    lastParent = parent;
    lastFolder = folder;
    fileFolder[f] = folder;
    folders[folder]!.own.push(f);
    if (fileKey[f]! >= 0 && keyCount.get(fileKey[f]!)! < 2) fileKey[f] = -1;
    const copied = fileKey[f]! >= 0;
    for (let up = folder; up >= 0; up = folders[up]!.parent) {
      const entry = folders[up]!;
      entry.bytes += file.size;
      entry.files++;
      if (copied) {
        entry.copies++;
        entry.copyBytes += file.size;
      }
    }
  });

  const filesUnder = (folder: number, out: number[] = []): number[] => {
    const { own, children } = folders[folder]!;
    for (const f of own) out.push(f);
    for (const child of children) filesUnder(child, out);
    return out;
  };
  const related = (a: number, b: number): boolean => {
    while (folders[a]!.depth > folders[b]!.depth) a = folders[a]!.parent;
    while (folders[b]!.depth > folders[a]!.depth) b = folders[b]!.parent;
    return a === b;
  };

  interface Evaluation {
    similarity: number;
    onlyA: number[];
    onlyB: number[];
    /** The files with a copy in the other folder. */
    bothA: number[];
    bothB: number[];
    matchedA: number;
    matchedB: number;
  }
  const evaluated = new Map<number, Evaluation | null>();
  const pairKey = (a: number, b: number) => (a < b ? a * folders.length + b : b * folders.length + a);
  const evaluate = (a: number, b: number): Evaluation | null => {
    const key = pairKey(a, b);
    if (evaluated.has(key)) return evaluated.get(key)!;
    // The share if every file with a copy somewhere had it in the other folder: often enough to
    // rule a pair out without listing its files.
    const [fa, fb] = [folders[a]!, folders[b]!];
    const fileBound = (fa.copies + fb.copies) / (fa.files + fb.files);
    const byteBound = fa.bytes + fb.bytes === 0 ? fileBound : (fa.copyBytes + fb.copyBytes) / (fa.bytes + fb.bytes);
    if (Math.min(fileBound, byteBound) < options.threshold) {
      evaluated.set(key, null);
      return null;
    }
    const underA = filesUnder(a);
    const underB = filesUnder(b);
    const keysA = new Set(underA.map((f) => fileKey[f]!));
    const keysB = new Set(underB.map((f) => fileKey[f]!));
    const split = (under: number[], other: Set<number>) => {
      const only: number[] = [];
      const matched: number[] = [];
      let matchedBytes = 0;
      for (const f of under) {
        if (fileKey[f]! >= 0 && other.has(fileKey[f]!)) {
          matchedBytes += files[f]!.size;
          matched.push(f);
        } else only.push(f);
      }
      return { only, matched, matchedBytes };
    };
    const sideA = split(underA, keysB);
    const sideB = split(underB, keysA);
    const totalBytes = folders[a]!.bytes + folders[b]!.bytes;
    const totalFiles = underA.length + underB.length;
    const fileShare = (totalFiles - sideA.only.length - sideB.only.length) / totalFiles;
    const byteShare = totalBytes === 0 ? fileShare : (sideA.matchedBytes + sideB.matchedBytes) / totalBytes;
    const similarity = Math.min(fileShare, byteShare);
    const result = similarity >= options.threshold ? { similarity, onlyA: sideA.only, onlyB: sideB.only, bothA: sideA.matched, bothB: sideB.matched, matchedA: sideA.matchedBytes, matchedB: sideB.matchedBytes } : null;
    evaluated.set(key, result);
    return result;
  };

  // Seeds: pairs of folders directly holding copies of one another.
  const keyFolders = new Map<number, Set<number>>();
  files.forEach((_, f) => {
    const key = fileKey[f]!;
    if (key < 0) return;
    let set = keyFolders.get(key);
    if (!set) keyFolders.set(key, (set = new Set()));
    set.add(fileFolder[f]!);
  });
  const passed = new Set<number>();
  const passing: [number, number][] = [];
  for (const set of keyFolders.values()) {
    if (set.size < 2 || set.size > MAX_SEED_FOLDERS) continue;
    const list = [...set];
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        // Climb while the pair stays alike and neither folder holds the other.
        for (let a = list[i]!, b = list[j]!; a >= 0 && b >= 0 && !related(a, b); a = folders[a]!.parent, b = folders[b]!.parent) {
          const key = pairKey(a, b);
          if (passed.has(key)) break;
          if (evaluated.has(key) || !evaluate(a, b)) break;
          passed.add(key);
          passing.push([a, b]);
        }
      }
    }
  }

  // A pair inside a reported pair (Backup/Letters ≈ Documents/Letters within Backup ≈ Documents) is not reported.
  const ancestors = (folder: number): number[] => {
    const chain: number[] = [];
    for (let up = folder; up >= 0; up = folders[up]!.parent) chain.push(up);
    return chain;
  };
  const inside = ([a, b]: [number, number]): boolean =>
    ancestors(a).some((pa) => ancestors(b).some((pb) => (pa !== a || pb !== b) && passed.has(pairKey(pa, pb)) && !related(pa, pb)));

  return passing
    .filter((pair) => !inside(pair))
    .map(([a, b]) => {
      const result = evaluated.get(pairKey(a, b))!;
      // The fuller folder first: the one to keep when the other is cleaned up.
      const aFirst = folders[a]!.bytes > folders[b]!.bytes || (folders[a]!.bytes === folders[b]!.bytes && folders[a]!.path < folders[b]!.path);
      const [first, second] = aFirst ? [a, b] : [b, a];
      const [onlyFirst, onlySecond] = aFirst ? [result.onlyA, result.onlyB] : [result.onlyB, result.onlyA];
      const [bothFirst, bothSecond] = aFirst ? [result.bothA, result.bothB] : [result.bothB, result.bothA];
      const matchedSecond = aFirst ? result.matchedB : result.matchedA;
      const paths = [folders[first]!.path, folders[second]!.path] as [string, string];
      return {
        id: `folder-${hex(hashString32(paths.join('\0')))}${hex(hashString32(paths.join('\u0001')))}`,
        kind: 'folder' as const,
        folders: paths,
        similarity: Math.floor(result.similarity * 1000) / 1000,
        matchedBytes: matchedSecond,
        matchedFiles: folders[second]!.files - onlySecond.length,
        onlyInA: onlyFirst.map((f) => files[f]!.path).sort(),
        onlyInB: onlySecond.map((f) => files[f]!.path).sort(),
        matchedInA: bothFirst.map((f) => files[f]!.path).sort(),
        matchedInB: bothSecond.map((f) => files[f]!.path).sort(),
      };
    })
    .sort((x, y) => y.matchedBytes - x.matchedBytes || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}

function hex(n: number): string {
  return n.toString(16).padStart(8, '0');
}
