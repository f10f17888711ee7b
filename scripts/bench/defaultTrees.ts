// The trees besides bench:exact's own on which the default mode is timed against jdupes: one of
// mostly unique sizes (generated, so its duplicates are known) and /usr/lib (real, data nobody
// here wrote).
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_EXCLUDED_NAMES } from '../../electron/node/scan/excludes.ts';
import type { DefaultModeSetup } from './defaultMode.ts';
import { ensureTree } from './tree.ts';
import { planUniqueSizeTree } from './unique-size-tree.ts';

export const UNIQUE_FILES = 20_000;
const UNIQUE_BYTES = 1.6e9;
const LAYOUT = 1;

type Common = Omit<DefaultModeSetup, 'name' | 'roots' | 'truth'>;

const num = (n: number) => n.toLocaleString('en-US');

export function uniqueSizeSetup(common: Common, rebuild: boolean): DefaultModeSetup {
  const tree = ensureTree(
    join(tmpdir(), `shingle-bench-exact-unique-${UNIQUE_FILES}f-v${LAYOUT}`),
    { kind: 'unique', files: UNIQUE_FILES, bytes: UNIQUE_BYTES, layout: LAYOUT },
    () => planUniqueSizeTree(UNIQUE_FILES, UNIQUE_BYTES),
    rebuild,
  );
  const m = tree.manifest;
  return {
    ...common,
    name: `Mostly unique sizes (${num(m.files)} files, ${(m.bytes / 1e9).toFixed(2)} GB, ${num(m.sameSizeDifferent + m.duplicateFiles)} share a size)`,
    roots: [tree.root],
    truth: m.groups.map((group) => group.map((path) => join(tree.root, path))),
  };
}

export function usrLibSetup(common: Common): DefaultModeSetup | undefined {
  if (!existsSync('/usr/lib')) {
    console.log('\n/usr/lib: not found, skipped');
    return undefined;
  }
  // Shingle never looks into __pycache__, node_modules and the like; jdupes is told to leave the
  // same files out, so both compare the same files (jdupes still lists those folders).
  const jdupesArgs = [...DEFAULT_EXCLUDED_NAMES].flatMap((excluded) => ['-X', `nostr:/${excluded}/`]);
  return { ...common, name: '/usr/lib (a real tree, --hidden)', roots: ['/usr/lib'], shingleArgs: ['--hidden'], jdupesArgs };
}
