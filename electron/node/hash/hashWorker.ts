// A hashing thread (piscina worker): one batch of files per task, so the main thread pays one
// message per batch rather than one per file.
import { workerData } from 'node:worker_threads';
import { createBatchHasher } from './batchHasher.ts';
// Types only: loading hashPool.ts would load piscina's pool side into every thread, slowing its start.
import type { HashResult, HashTask, HashWorkerData } from './hashPool.ts';

const hasher = await createBatchHasher(workerData as HashWorkerData);

export default function hashBatch(task: HashTask): HashResult {
  return hasher.hash(task);
}
