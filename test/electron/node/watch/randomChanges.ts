// A seeded random run of changes on a real temp tree, for the tests that hold the watcher's kept
// groups against a full scan: adds, edits in place, editors' saves (a new file renamed over the
// old), renames, hard links, deletes, and whole folders renamed or deleted. Each burst returns the
// paths a watcher would name for it.
import { link, mkdir, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { editEveryNthWord, prose, renderHtml } from '../../../helpers/documents.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { seededRandom } from '../../../shared/textFixtures.ts';

export type ChangeKind = 'add' | 'edit' | 'save-as' | 'rename' | 'link' | 'delete' | 'folder-rename' | 'folder-delete';

const FOLDERS = ['', 'a', 'a/deep', 'b'];

function bytes(seed: number, size: number): Uint8Array {
  return Uint8Array.from({ length: size }, (_, i) => (seed * 31 + i * 7 + ((i * i) >> 3)) & 0xff);
}

/** Contents chosen so that bursts make and break every kind of cluster. */
const CONTENTS: { ext: string; content: string | Uint8Array }[] = [
  ...[1, 2, 3].flatMap((seed) => [
    { ext: 'txt', content: prose(seed) },
    { ext: 'txt', content: editEveryNthWord(prose(seed), 15) },
    { ext: 'md', content: editEveryNthWord(prose(seed), 25, 'revised') },
    { ext: 'html', content: renderHtml(prose(seed)) },
    // A prefix: contained in the longer text.
    { ext: 'txt', content: prose(seed, 2) },
  ]),
  { ext: 'txt', content: prose(9, 12) },
  // Same sizes, different bytes; and sizes shared with nothing.
  ...[1, 2, 3].map((seed) => ({ ext: 'bin', content: bytes(seed, 300) })),
  ...[4, 5].map((seed) => ({ ext: 'jpg', content: bytes(seed, 40_000 + seed) })),
  { ext: 'bin', content: new Uint8Array(0) },
];

export interface RandomChanges {
  /** One burst: `lead` first, then up to two steps drawn from `kinds`. Returns the named paths. */
  burst(lead: ChangeKind, kinds: readonly ChangeKind[]): Promise<Set<string>>;
  /** Every kind of step taken so far. */
  taken: Set<ChangeKind>;
}

/** Fills the tree (16 files, and a text with an excerpt of it no other file holds) and returns the run. */
export async function randomChanges(tree: TempTree, seed: number): Promise<RandomChanges> {
  const next = seededRandom(seed);
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const live = new Set<string>();
  // Names of hard-linked files: a change to one changes the others' stat, which a watcher may not
  // name; here they are named with every burst.
  const linked = new Set<string>();
  const taken = new Set<ChangeKind>();
  let serial = 0;
  const fresh = () => join(pick(FOLDERS), `file-${serial++}.${pick(CONTENTS).ext}`);
  const write = async (relative: string) => {
    await tree.write(relative, pick(CONTENTS).content);
    live.add(relative);
  };
  for (let i = 0; i < 16; i++) await write(fresh());
  await tree.write('a/long.txt', prose(7, 12));
  await tree.write('b/excerpt.txt', prose(7, 3));
  live.add('a/long.txt').add('b/excerpt.txt');

  async function step(kind: ChangeKind, named: Set<string>): Promise<void> {
    taken.add(kind);
    const target = pick([...live].sort());
    if (kind === 'add' || kind === 'edit') {
      const relative = kind === 'add' ? fresh() : target;
      await write(relative);
      named.add(tree.path(relative));
    } else if (kind === 'save-as') {
      await writeFile(tree.path(`${target}.tmp`), pick(CONTENTS).content);
      await rename(tree.path(`${target}.tmp`), tree.path(target));
      named.add(tree.path(target));
    } else if (kind === 'rename' || kind === 'link') {
      const to = fresh();
      await mkdir(dirname(tree.path(to)), { recursive: true });
      await (kind === 'rename' ? rename : link)(tree.path(target), tree.path(to));
      if (kind === 'link') linked.add(target).add(to);
      else if (linked.delete(target)) linked.add(to);
      if (kind === 'rename') live.delete(target);
      live.add(to);
      named.add(tree.path(target)).add(tree.path(to));
    } else if (kind === 'delete') {
      await unlink(tree.path(target));
      live.delete(target);
      named.add(tree.path(target));
    } else {
      const folder = pick(['a', 'a/deep', 'b']);
      const moved = `moved-${serial++}`;
      if (kind === 'folder-rename') await rename(tree.path(folder), tree.path(moved)).catch(() => {});
      else await rm(tree.path(folder), { recursive: true, force: true });
      for (const path of [...live].filter((p) => p.startsWith(`${folder}/`))) {
        const to = join(moved, path.slice(folder.length + 1));
        live.delete(path);
        if (kind === 'folder-rename') live.add(to);
        if (linked.delete(path) && kind === 'folder-rename') linked.add(to);
      }
      named.add(tree.path(folder)).add(tree.path(moved));
    }
  }

  return {
    taken,
    async burst(lead, kinds) {
      const named = new Set<string>();
      for (let n = 0, steps = 1 + int(3); n < steps; n++) await step(live.size < 6 ? 'add' : n === 0 ? lead : pick(kinds), named);
      for (const path of linked) named.add(tree.path(path));
      return named;
    },
  };
}
