// The diff client's scheduling: one diff at a time in request order, requests abandoned before
// they start never reach the worker, and a worker that cannot start or fails leaves the page
// computing diffs itself. The real worker runs in Chromium (review end-to-end tests).
import { describe, expect, it } from 'vitest';
import { DiffClient } from '../../renderer/diff/diffClient.ts';
import type { DiffWorker } from '../../renderer/diff/diffClient.ts';
import type { DiffRequest } from '../../renderer/diff/diffProtocol.ts';
import { diffDocuments } from '../../renderer/diff/wordDiff.ts';

/** A worker the test answers by hand, recording what it was asked. */
class ManualWorker implements DiffWorker {
  onmessage: DiffWorker['onmessage'] = null;
  onerror: DiffWorker['onerror'] = null;
  readonly received: DiffRequest[] = [];
  terminated = false;
  postMessage(message: DiffRequest): void {
    this.received.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(): void {
    const request = this.received.at(-1)!;
    this.onmessage!({ data: { id: request.id, diff: diffDocuments(request.base, request.other) } } as MessageEvent);
  }
}

describe('DiffClient', () => {
  it('sends one request at a time, in order, and resolves each with its diff', async () => {
    const worker = new ManualWorker();
    const client = new DiffClient(() => worker);
    const first = client.diff('a b c', 'a x c');
    const second = client.diff('one two', 'one three');
    expect(worker.received.map((r) => r.other)).toEqual(['a x c']);
    worker.answer();
    expect((await first)?.changes).toBe(1);
    expect(worker.received.map((r) => r.other)).toEqual(['a x c', 'one three']);
    worker.answer();
    expect((await second)?.other.map((s) => s.text).join('')).toBe('one three');
  });

  it('never sends a request aborted while it waited', async () => {
    const worker = new ManualWorker();
    const client = new DiffClient(() => worker);
    const running = client.diff('a', 'b');
    const abandoned = new AbortController();
    void client.diff('stale', 'pair', abandoned.signal);
    const wanted = client.diff('kept', 'kept too');
    abandoned.abort();
    worker.answer();
    await running;
    expect(worker.received.map((r) => r.base)).toEqual(['a', 'kept']);
    worker.answer();
    expect(await wanted).not.toBeNull();
  });

  it('diffs on the page when the worker cannot be created', async () => {
    const client = new DiffClient(() => {
      throw new Error('workers are not allowed here');
    });
    expect((await client.diff('a b', 'a c'))?.changes).toBe(1);
  });

  it('finishes the running request and the queue on the page when the worker fails', async () => {
    const worker = new ManualWorker();
    const client = new DiffClient(() => worker);
    const running = client.diff('a b', 'a c');
    const queued = client.diff('x y', 'x z');
    worker.onerror!(new Event('error'));
    expect(worker.terminated).toBe(true);
    expect((await running)?.changes).toBe(1);
    expect((await queued)?.changes).toBe(1);
  });
});
