// The tree `bench:watch` follows: a home-folder-like mix at a chosen scale, generated once and
// reused (a marker file holds the file count it was made for). 1% of the files are text documents,
// a tenth of them near-duplicates of another; the rest are binary files under names no document
// has (photos, music), an eighth of them byte copies. 500 files per folder, so 500,000 files take
// 1,000 folders: one inotify watch each, far below the limit.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PlanRandom } from './random.ts';
import { waitUntilWrittenFilesSettle } from './settled.ts';

const SEED = 0x3a7c_2026;
const FILES_PER_FOLDER = 500;
const FOLDERS_PER_PARENT = 40;
const DOCUMENT_SHARE = 0.01;
const NEAR_SHARE = 0.1;
const COPY_SHARE = 0.125;
const MARKER = '.bench-watch-tree';
const BINARY_NAMES = ['.jpg', '.png', '.mp3', '.ogg', '.bin'];
const VOCABULARY = Array.from({ length: 4000 }, (_, i) => `w${i.toString(36)}`);

/** A document of 150–400 words from the vocabulary. */
export function documentText(random: PlanRandom): string {
  const words: string[] = [];
  for (let n = random.between(150, 400); n > 0; n--) words.push(random.pick(VOCABULARY));
  return `${words.join(' ')}\n`;
}

/** The text with about one word in twenty replaced: a near-duplicate well above the 0.5 threshold. */
export function nearCopy(text: string, random: PlanRandom): string {
  return `${text
    .trimEnd()
    .split(' ')
    .map((word) => (random.chance(0.05) ? random.pick(VOCABULARY) : word))
    .join(' ')}\n`;
}

function binary(random: PlanRandom): Buffer {
  const bytes = Buffer.allocUnsafe(random.logUniform(64, 8192));
  for (let i = 0; i < bytes.length; i += 4) bytes.writeUInt32LE(Math.floor(random.next() * 0x1_0000_0000), Math.min(i, bytes.length - 4));
  return bytes;
}

export function folderOf(root: string, index: number): string {
  const folder = Math.floor(index / FILES_PER_FOLDER);
  return join(root, `area-${Math.floor(folder / FOLDERS_PER_PARENT)}`, `folder-${folder % FOLDERS_PER_PARENT}`);
}

export interface WatchTree {
  root: string;
  documents: string[];
  binaries: string[];
}

/** Makes (or finds, when made before for the same count) the tree under `root`. */
export function ensureWatchTree(root: string, files: number, log: (line: string) => void): WatchTree {
  const random = new PlanRandom(SEED);
  const made = existsSync(join(root, MARKER)) && readFileSync(join(root, MARKER), 'utf8') === String(files);
  if (!made) {
    rmSync(root, { recursive: true, force: true });
    log(`generating ${files} files under ${root} (once; reused by later runs)`);
  }
  const tree: WatchTree = { root, documents: [], binaries: [] };
  const texts: string[] = [];
  const blobs: Buffer[] = [];
  for (let i = 0; i < files; i++) {
    const folder = folderOf(root, i);
    if (i % FILES_PER_FOLDER === 0 && !made) mkdirSync(folder, { recursive: true });
    const isDocument = random.chance(DOCUMENT_SHARE);
    const path = join(folder, `${isDocument ? 'note' : 'item'}-${i}${isDocument ? '.txt' : random.pick(BINARY_NAMES)}`);
    // The plan draws the same numbers whether or not the tree exists: the paths come out the same.
    let content: string | Buffer;
    if (isDocument) {
      content = texts.length > 0 && random.chance(NEAR_SHARE) ? nearCopy(random.pick(texts), random) : documentText(random);
      texts.push(content);
      tree.documents.push(path);
    } else {
      content = blobs.length > 0 && random.chance(COPY_SHARE) ? random.pick(blobs) : binary(random);
      // Copies come from a bounded pool of recent originals: memory stays flat at any scale.
      if (blobs.length < 2000) blobs.push(content);
      else blobs[random.int(blobs.length)] = content;
      tree.binaries.push(path);
    }
    if (texts.length > 2000) texts.splice(random.int(texts.length), 1);
    if (!made) writeFileSync(path, content);
    if (!made && i % 50_000 === 49_999) log(`  ${i + 1} files`);
  }
  if (!made) {
    writeFileSync(join(root, MARKER), String(files));
    waitUntilWrittenFilesSettle();
  }
  return tree;
}
