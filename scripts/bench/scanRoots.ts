// The roots bench:rescan and bench:responsive scan: the bench:exact tree (a home folder of
// --files files, 3.7 GB per 50,000) and the bench:near corpus (--sources sources, a few thousand
// documents), both cached under the temporary folder between runs.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureCorpus } from '../near/corpus.ts';
import { planHomeTree } from './home-tree.ts';
import { ensureTree } from './tree.ts';

/** --files and --sources as whole numbers; usage on stderr and exit 2 otherwise. */
export function treeAndCorpusSizes(options: { files: string; sources: string }, usage: string): { files: number; sources: number } {
  const files = Number(options.files);
  const sources = Number(options.sources);
  if (!Number.isInteger(files) || files < 1 || !Number.isInteger(sources) || sources < 1) {
    console.error(`--files and --sources take whole numbers\n\n${usage}`);
    process.exit(2);
  }
  return { files, sources };
}

export function exactTree(files: number): string {
  const bytes = Math.round((3.7e9 * files) / 50_000);
  return ensureTree(join(tmpdir(), `shingle-bench-exact-${files}f-${bytes}b-v1`), { kind: 'home', files, bytes, layout: 1 }, () => planHomeTree(files, bytes), false).root;
}

export async function nearCorpus(sources: number): Promise<string> {
  return (await ensureCorpus({ sources, seed: 1 }, false, (message) => process.stderr.write(`… ${message}\n`))).root;
}
