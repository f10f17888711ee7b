// Cancelling a scan while OCR reads a long scan: the scan rejects as aborted, and every thread the
// scan started has ended by then, the extraction workers running OCR among them (the tesseract
// thread each runs ends with it, as a worker's own threads do). Waits on the progress event of a
// page being read, never on a clock.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runScan } from '../../../../electron/node/scan/scanService.ts';
import type { ScanProgress } from '../../../../shared/scanOptions.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import { prose } from '../../../helpers/documents.ts';
import { imagePdf, pagePng, wrapLines } from '../../../helpers/scanDocuments.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

// Minutes of OCR: the scan cannot end on its own before it is cancelled.
const PAGES = 20;
let tree: TempTree;
beforeAll(async () => {
  const page = pagePng(wrapLines(prose(81, 3, 6)));
  tree = await createTempTree({ 'scans/long scan.pdf': await imagePdf(Array.from({ length: PAGES }, () => page)) });
});
afterAll(() => tree.remove());

it('ends the scan and its OCR threads when cancelled while a page is read', async () => {
  const threads: { worker: Worker; running: boolean }[] = [];
  const onWorker = (message: unknown) => {
    const thread = { worker: (message as { worker: Worker }).worker, running: true };
    thread.worker.once('exit', () => (thread.running = false));
    threads.push(thread);
  };
  subscribe('worker_threads', onWorker);
  const controller = new AbortController();
  let pageSeen: ScanProgress['scanPage'];
  try {
    const scanning = runScan(
      { ...defaultScanOptions, roots: [tree.path('scans')], ocr: true },
      {
        signal: controller.signal,
        onProgress: (progress) => {
          if (progress.scanPage && !controller.signal.aborted) {
            pageSeen = progress.scanPage;
            controller.abort();
          }
        },
      },
    );
    await expect(scanning).rejects.toMatchObject({ name: 'AbortError' });
  } finally {
    unsubscribe('worker_threads', onWorker);
  }
  expect(pageSeen?.pages).toBe(PAGES);
  expect(pageSeen!.page).toBeLessThan(PAGES);
  expect(threads.length).toBeGreaterThan(0);
  expect(threads.filter((thread) => thread.running).map((thread) => thread.worker.threadId)).toEqual([]);
});
