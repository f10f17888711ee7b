// Issue 11 item 7: the near phase hands the extraction pool a bounded window of documents, fed as
// results come back, instead of every document of the scan at once (200k requests: heap, and a
// long synchronous burst while Ctrl-C waits); and it hears Ctrl-C while it indexes them.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import type { ScanOptions } from '../../../../shared/scanOptions.ts';
import type { ExtractPool } from '../../../../electron/node/extract/extractPool.ts';
import type { DocumentFingerprint } from '../../../../electron/node/near/documentFingerprint.ts';
import { DOCUMENTS_IN_FLIGHT } from '../../../../electron/node/near/findNearDuplicates.ts';
import { runScan, runScanWith } from '../../../../electron/node/scan/scanService.ts';
import { createScanPools } from '../../../../electron/node/scan/scanPools.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

const DOCUMENTS = DOCUMENTS_IN_FLIGHT + 200;
let tree: TempTree;

beforeAll(async () => {
  tree = await createTempTree();
  // Distinct small documents: each is read, none is a copy of another.
  for (let i = 0; i < DOCUMENTS; i++) await tree.write(`f${i % 20}/doc-${i}.txt`, `Note ${i}: item ${i * 7} of batch ${i * 13}, filed under ${i * 31}.\n`);
});
afterAll(() => tree.remove());

/** The pool, counting the documents asked of it and not yet answered. */
function counting(pool: ExtractPool<DocumentFingerprint>) {
  const seen = { waiting: 0, most: 0, asked: 0 };
  const wrapped: ExtractPool<DocumentFingerprint> = {
    ...pool,
    async extract(...args) {
      seen.asked++;
      seen.most = Math.max(seen.most, ++seen.waiting);
      try {
        return await pool.extract(...args);
      } finally {
        seen.waiting--;
      }
    },
  };
  return { wrapped, seen };
}

it('never has more than DOCUMENTS_IN_FLIGHT documents asked of the pool at once, and reads every one', async () => {
  const options: ScanOptions = { ...defaultScanOptions, roots: [tree.root] };
  const pools = createScanPools(options);
  try {
    const step = await pools.near!();
    const { wrapped, seen } = counting(step.fingerprint);
    const { report } = await runScanWith(options, { ...pools, near: async () => ({ ...step, fingerprint: wrapped }) });
    expect(report.errors).toEqual([]);
    expect(seen.asked).toBe(DOCUMENTS);
    expect(seen.most).toBeLessThanOrEqual(DOCUMENTS_IN_FLIGHT);
    expect(seen.most).toBeGreaterThan(1);
  } finally {
    await pools.destroy();
  }
});

it('stops asking for documents once the scan is cancelled', async () => {
  const options: ScanOptions = { ...defaultScanOptions, roots: [tree.root] };
  const pools = createScanPools(options);
  try {
    const step = await pools.near!();
    const { wrapped, seen } = counting(step.fingerprint);
    const controller = new AbortController();
    let askedAtAbort = 0;
    const cancelling: ExtractPool<DocumentFingerprint> = {
      ...wrapped,
      async extract(...args) {
        const result = await wrapped.extract(...args);
        if (!controller.signal.aborted) {
          askedAtAbort = seen.asked;
          controller.abort(new Error('cancelled'));
        }
        return result;
      },
    };
    await expect(runScanWith(options, { ...pools, near: async () => ({ ...step, fingerprint: cancelling }) }, { signal: controller.signal })).rejects.toThrow('cancelled');
    expect(seen.asked).toBe(askedAtAbort);
    expect(seen.asked).toBeLessThanOrEqual(DOCUMENTS_IN_FLIGHT);
  } finally {
    await pools.destroy();
  }
});

it('hears a cancellation once every document is read, while it indexes and clusters them', async () => {
  const controller = new AbortController();
  const options: ScanOptions = { ...defaultScanOptions, roots: [tree.root] };
  const cancelOnCluster = (phase: string) => phase === 'cluster' && !controller.signal.aborted && controller.abort(new Error('cancelled'));
  await expect(runScan(options, { signal: controller.signal, onProgress: (p) => cancelOnCluster(p.phase) })).rejects.toThrow('cancelled');
});

it("counts each document's size against the threads' byte budget, also through the scan pools' lazily started threads", async () => {
  const options: ScanOptions = { ...defaultScanOptions, roots: [tree.root] };
  const pools = createScanPools(options);
  try {
    const { fingerprint } = await pools.near!();
    const reading = fingerprint.extract(tree.path('f0/doc-0.txt'), undefined, 12_345);
    // The request reaches the threads once their modules have loaded (a few promise turns).
    await vi.waitFor(() => expect(fingerprint.inFlight()).toEqual({ documents: 1, bytes: 12_345 }));
    await reading;
    expect(fingerprint.inFlight()).toEqual({ documents: 0, bytes: 0 });
  } finally {
    await pools.destroy();
  }
});
