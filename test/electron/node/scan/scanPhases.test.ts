// Issue 15 item 7: a scan reports each phase it names, clustering included, in order.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ScanPhase } from '../../../../shared/scanOptions.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import { runScan } from '../../../../electron/node/scan/scanService.ts';
import { editEveryNthWord, prose } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

let tree: TempTree;
beforeAll(async () => {
  tree = await createTempTree({ 'a.txt': prose(3), 'b.txt': editEveryNthWord(prose(3), 20), 'c.txt': prose(4) });
});
afterAll(() => tree.remove());

async function phases(near: boolean): Promise<ScanPhase[]> {
  const seen: ScanPhase[] = [];
  await runScan({ ...defaultScanOptions, roots: [tree.root], near }, { onProgress: (p) => void (seen.at(-1) !== p.phase && seen.push(p.phase)) });
  return seen;
}

it('walks, hashes, reads the documents, clusters them, and is done', async () => {
  expect(await phases(true)).toEqual(['walk', 'hash', 'extract', 'cluster', 'done']);
});

it('has no document phases with --no-near', async () => {
  expect(await phases(false)).toEqual(['walk', 'hash', 'done']);
});
