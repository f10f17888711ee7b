// An extraction thread (extractPool.ts): runs the batches it is sent one after another, in the
// order sent, and answers each under its slot. One at a time, so the time limit a batch's slot
// shows counts only that batch's work; the next batch waits here, not for the pool's next turn.
import { parentPort } from 'node:worker_threads';

const { default: extractBatch } = await import('./extractWorker.ts');
let previous = Promise.resolve();
parentPort.on('message', (batch) => {
  previous = previous.then(async () => {
    try {
      parentPort.postMessage({ slot: batch.slot, results: await extractBatch(batch) });
    } catch (error) {
      // Should even this fail (an error that cannot be copied), the thread ends on it and the pool retries the batch.
      parentPort.postMessage({ slot: batch.slot, error });
    }
  });
});
// Loaded: a thread that fails before this could not start, whatever it was sent.
parentPort.postMessage({ ready: true });
