// A scan starts its extraction threads during the walk only once it meets a file the near stage
// would read: a folder of photos, or an empty one, starts none (each thread costs ~0.1 CPU-s to boot).
import { afterEach, expect, it } from 'vitest';
import type { ExtractPool } from '../../../../electron/node/extract/extractPool.ts';
import type { DocumentFingerprint } from '../../../../electron/node/near/documentFingerprint.ts';
import { createScanPools, runScanWith } from '../../../../electron/node/scan/scanService.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import type { ScanOptions } from '../../../../shared/scanOptions.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

let tree: TempTree | undefined;
afterEach(() => tree?.remove());

/** Scans the tree, counting the requests to start the threads and the documents asked of them. */
async function threadsAsked(files: Record<string, string>): Promise<{ starts: number; documents: number }> {
  tree = await createTempTree(files);
  const options: ScanOptions = { ...defaultScanOptions, roots: [tree.root] };
  const pools = createScanPools(options);
  const asked = { starts: 0, documents: 0 };
  try {
    const step = await pools.near!();
    const fingerprint: ExtractPool<DocumentFingerprint> = { ...step.fingerprint, extract: (...request) => (asked.documents++, step.fingerprint.extract(...request)) };
    await runScanWith(options, { ...pools, startNear: () => (asked.starts++, pools.startNear!()), near: async () => ({ ...step, fingerprint }) });
  } finally {
    await pools.destroy();
  }
  return asked;
}

it('starts no extraction thread for a scan of photos and empty files', async () => {
  expect(await threadsAsked({ 'a.png': 'not read', 'b/c.jpg': 'not read either', 'empty.txt': '' })).toEqual({ starts: 0, documents: 0 });
});

it('starts them, once, as the walk meets the first document', async () => {
  expect(await threadsAsked({ 'a.png': 'not read', 'notes.txt': 'a note', 'more/notes.md': 'another note' })).toEqual({ starts: 1, documents: 2 });
});
