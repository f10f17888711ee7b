// A planned benchmark tree, written to disk once and reused: the plan knows which files are
// identical, so the tree carries its own ground truth (manifest.json beside it).
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ContentStream } from './random.ts';
import { waitUntilWrittenFilesSettle } from './settled.ts';

export type TrapKind = 'first' | 'middle' | 'last';

export interface PlannedFile {
  /** Relative to the tree root, '/'-separated. */
  path: string;
  /** At least MIN_FILE_SIZE: the content id lives in the first bytes. */
  size: number;
  /** Files share bytes exactly when they share contentId and flip: the id is written into bytes 1–3. */
  contentId: number;
  /** A trap: the bytes of contentId with this one byte changed. */
  flip?: { kind: TrapKind; at: number };
}

export interface TreePlan {
  /** Relative folder paths, parents before children. */
  folders: string[];
  files: PlannedFile[];
}

export interface TreeManifest {
  params: Record<string, string | number>;
  files: number;
  bytes: number;
  folders: number;
  maxDepth: number;
  /** Files that are a copy of an earlier file (duplicate files minus one per group). */
  copies: number;
  duplicateFiles: number;
  traps: Record<TrapKind, number> & { small: number; large: number };
  /** Files sharing their size with some file of different content. */
  sameSizeDifferent: number;
  /** Ground truth: the groups of identical files, paths relative to the tree root. */
  groups: string[][];
  buildSeconds: number;
}

export interface BuiltTree {
  root: string;
  manifest: TreeManifest;
  reused: boolean;
}

export const MIN_FILE_SIZE = 8;
/** Content ids take three header bytes. */
export const MAX_CONTENT_ID = 0xffffff;
const LARGE_TRAP = 64 * 1024;

export function flipPosition(kind: TrapKind, size: number): number {
  if (kind === 'first') return 0;
  return kind === 'middle' ? Math.floor(size / 2) : size - 1;
}

function contentKey(file: PlannedFile): string {
  return file.flip ? `${file.contentId}:${file.flip.at}` : `${file.contentId}`;
}

/** Reuses the tree under `base` when a manifest with the same params says it was fully written. */
export function ensureTree(
  base: string,
  params: Record<string, string | number>,
  planTree: () => TreePlan,
  rebuild: boolean,
): BuiltTree {
  const root = join(base, 'tree');
  const manifestPath = join(base, 'manifest.json');
  if (!rebuild) {
    const manifest = readManifest(manifestPath);
    if (manifest && JSON.stringify(manifest.params) === JSON.stringify(params)) return { root, manifest, reused: true };
  }
  rmSync(base, { recursive: true, force: true });
  const started = performance.now();
  const plan = planTree();
  mkdirSync(root, { recursive: true });
  for (const folder of plan.folders) mkdirSync(join(root, folder), { recursive: true });
  writeFiles(root, plan.files);
  waitUntilWrittenFilesSettle();
  const manifest = { params, ...describe(plan), buildSeconds: (performance.now() - started) / 1000 };
  // Written last: a tree interrupted while being written has no manifest and is rebuilt.
  writeFileSync(manifestPath, JSON.stringify(manifest));
  return { root, manifest, reused: false };
}

function readManifest(path: string): TreeManifest | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as TreeManifest;
  } catch {
    return undefined;
  }
}

const CHUNK = 1 << 20;

function writeFiles(root: string, files: PlannedFile[]): void {
  const bytes = new Uint8Array(CHUNK);
  const words = new Uint32Array(bytes.buffer);
  let lastReport = 0;
  for (const [index, file] of files.entries()) {
    const fd = openSync(join(root, file.path), 'wx');
    const stream = new ContentStream(file.contentId);
    for (let offset = 0; offset < file.size; offset += CHUNK) {
      const length = Math.min(CHUNK, file.size - offset);
      stream.fill(words, Math.ceil(length / 4));
      if (offset === 0) {
        // Byte 0 is always 0 (a first-byte trap sets it), so no trap can equal another file.
        bytes.set([0, (file.contentId >>> 16) & 0xff, (file.contentId >>> 8) & 0xff, file.contentId & 0xff]);
      }
      const at = file.flip ? file.flip.at - offset : -1;
      if (file.flip && at >= 0 && at < length) bytes[at] = (bytes[at] ?? 0) ^ (file.flip.kind === 'first' ? 0x80 : 0x01);
      for (let done = 0; done < length; ) done += writeSync(fd, bytes, done, length - done);
    }
    closeSync(fd);
    if (process.stdout.isTTY && performance.now() - lastReport > 1000) {
      lastReport = performance.now();
      process.stdout.write(`\r  writing files: ${index + 1} / ${files.length}`);
    }
  }
  console.log(`${process.stdout.isTTY ? '\r' : ''}  wrote ${files.length} files`);
}

function describe(plan: TreePlan): Omit<TreeManifest, 'params' | 'buildSeconds'> {
  const byContent = new Map<string, PlannedFile[]>();
  const keysBySize = new Map<number, Set<string>>();
  const traps = { first: 0, middle: 0, last: 0, small: 0, large: 0 };
  let bytes = 0;
  for (const file of plan.files) {
    bytes += file.size;
    const key = contentKey(file);
    const group = byContent.get(key);
    if (group) group.push(file);
    else byContent.set(key, [file]);
    keysBySize.set(file.size, (keysBySize.get(file.size) ?? new Set()).add(key));
    if (file.flip) {
      traps[file.flip.kind]++;
      traps[file.size < LARGE_TRAP ? 'small' : 'large']++;
    }
  }
  const groups = [...byContent.values()].filter((group) => group.length > 1).map((group) => group.map((f) => f.path));
  const duplicateFiles = groups.reduce((sum, group) => sum + group.length, 0);
  return {
    files: plan.files.length,
    bytes,
    folders: plan.folders.length,
    maxDepth: plan.folders.reduce((depth, folder) => Math.max(depth, folder.split('/').length), 0),
    copies: duplicateFiles - groups.length,
    duplicateFiles,
    traps,
    sameSizeDifferent: plan.files.filter((f) => (keysBySize.get(f.size)?.size ?? 0) > 1).length,
    groups,
  };
}
