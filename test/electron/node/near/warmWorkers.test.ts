// Issue 26 item 3, workers on demand: a scan's near phase reads with one pool of warm workers (its
// fingerprints, the exact checks of its claims and its clusters' descriptions alike), started as
// the work needs them; a scan with no document starts none. Threads are counted as Node starts them.
import { afterEach, expect, it } from 'vitest';
import type { ExtractPool } from '../../../../electron/node/extract/extractPool.ts';
import type { DocumentFingerprint } from '../../../../electron/node/near/documentFingerprint.ts';
import { runScanWith } from '../../../../electron/node/scan/scanService.ts';
import { createScanPools } from '../../../../electron/node/scan/scanPools.ts';
import type { ScanReport } from '../../../../shared/report.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import type { ScanOptions } from '../../../../shared/scanOptions.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { randomWords, seededRandom, vocabulary } from '../../../shared/textFixtures.ts';

let tree: TempTree | undefined;
afterEach(() => tree?.remove());

const random = seededRandom(2626);
const vocab = vocabulary(random);
const base = randomWords(random, vocab, 500);
/** The base with every nth word replaced by one found nowhere else. */
const edited = (nth: number) => base.map((word, i) => (i % nth === 0 ? `zq${nth}x${i}` : word)).join(' ');

/** Scans the tree, counting the worker threads started and naming the steps the near phase asked of its pool. */
async function scanCounting(files: Record<string, string>): Promise<{ threads: number; steps: Set<string>; report: ScanReport }> {
  tree = await createTempTree(files);
  const options: ScanOptions = { ...defaultScanOptions, roots: [tree.root] };
  const pools = createScanPools(options);
  const steps = new Set<string>();
  let threads = 0;
  const started = () => threads++;
  process.on('worker', started);
  try {
    const near = async () => {
      const phase = await pools.near!();
      const fingerprint: ExtractPool<DocumentFingerprint> = {
        ...phase.fingerprint,
        extract: (path, signal, bytes, step) => {
          steps.add(step === undefined ? 'fingerprint' : step.module === undefined ? 'text' : (step.module.pathname.split('/').pop() ?? ''));
          return phase.fingerprint.extract(path, signal, bytes, step);
        },
      };
      return { ...phase, fingerprint };
    };
    const { report } = await runScanWith(options, { ...pools, near });
    return { threads, steps, report };
  } finally {
    process.off('worker', started);
    await pools.destroy();
  }
}

it('fingerprints, checks claims and describes clusters with one warm worker when the work is small', async () => {
  const { threads, steps, report } = await scanCounting({
    'a/base.txt': base.join(' '),
    // Just above the threshold (0.52 and 0.57 exactly): their estimates settle nothing, so the claims are checked on the exact sets.
    'b/edited-16.txt': edited(16),
    'c/edited-18.txt': edited(18),
    'd/unrelated.txt': randomWords(random, vocab, 400).join(' '),
    'e/note.md': 'a short note',
  });
  // The scan did all three: fingerprints, checks (the detail step) and a description (the text).
  expect(steps).toEqual(new Set(['fingerprint', 'detailStep.ts', 'text']));
  const near = report.clusters.filter((cluster) => cluster.kind === 'near');
  expect(near).toHaveLength(1);
  expect(near[0]!.description).toBeTruthy();
  // Before: the fingerprint pool's threads, then a pool for the checks and one for the descriptions.
  expect(threads).toBe(1);
});

it('starts no worker thread for a scan of photos, binaries and empty files', async () => {
  const { threads, report } = await scanCounting({ 'a.png': 'not read', 'b/c.jpg': 'not read either', 'tool.bin': '\u0000\u0001binary', 'empty.txt': '' });
  // The empty file is below the scan's minimum size, so not even listed.
  expect(report.stats.files).toBe(3);
  expect(threads).toBe(0);
});
