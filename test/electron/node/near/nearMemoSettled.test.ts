// The near stage's memos (exact checks, descriptions) are keyed by their files' identities: one
// computed from a file written within RACY_WINDOW_MS of the pass is not saved, since a same-tick
// rewrite would keep the identity and the next scan would take a figure of the old text.
import { expect, it } from 'vitest';
import { createMemoryCache } from '../../../../electron/node/index/memoryCache.ts';
import type { TextNode } from '../../../../electron/node/near/assembleClusters.ts';
import { saveNearMemo } from '../../../../electron/node/near/clusterDetails.ts';
import type { WalkedFile } from '../../../../electron/node/scan/types.ts';
import { walkedFile } from '../index/fixtures/syntheticFiles.ts';

const node = (file: WalkedFile): TextNode => ({ units: [{ unit: { path: file.path, inodes: [{ file, links: [] }], size: file.size }, format: 'text' }], words: 100 });

it('is saved only when every file it was computed from is settled', () => {
  const cache = createMemoryCache();
  const old = node(walkedFile('/docs/old.txt'));
  const older = node(walkedFile('/docs/older.txt', { fileId: '2049:78' }));
  const fresh = node(walkedFile('/docs/fresh.txt', { fileId: '2049:79', mtimeMs: Date.now() }));
  saveNearMemo(cache, 'jaccard|old|fresh', [old, fresh], '0.91');
  saveNearMemo(cache, 'jaccard|old|older', [old, older], '0.87');
  expect(cache.memo('jaccard|old|fresh')).toBeUndefined();
  expect(cache.memo('jaccard|old|older')).toBe('0.87');
});
