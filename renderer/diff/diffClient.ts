// Hands word diffs to one background worker, one at a time in request order. A request its
// caller no longer wants (the cluster or the base changed) is dropped before it starts; should
// the worker not start or fail, diffs are computed on the page instead, slower but still shown.
import type { DiffRequest, DiffResponse } from './diffProtocol.ts';
import { diffDocuments } from './wordDiff.ts';
import type { WordDiff } from './wordDiff.ts';

/** What the client needs of a Worker; tests pass their own. */
export interface DiffWorker {
  postMessage(message: DiffRequest): void;
  onmessage: ((event: MessageEvent<DiffResponse>) => void) | null;
  onerror: ((event: Event) => void) | null;
  terminate(): void;
}

interface Pending {
  request: DiffRequest;
  signal: AbortSignal | undefined;
  resolve: (diff: WordDiff | null) => void;
}

export class DiffClient {
  private worker: DiffWorker | null | undefined;
  private readonly queue: Pending[] = [];
  private running: Pending | null = null;
  private nextId = 1;

  private readonly createWorker: () => DiffWorker;

  constructor(createWorker: () => DiffWorker) {
    this.createWorker = createWorker;
  }

  /** The diff of two texts; resolves null when too different to diff in time, never if aborted first. */
  diff(base: string, other: string, signal?: AbortSignal): Promise<WordDiff | null> {
    return new Promise((resolve) => {
      this.queue.push({ request: { id: this.nextId++, base, other }, signal, resolve });
      this.pump();
    });
  }

  private pump(): void {
    if (this.running) return;
    let next = this.queue.shift();
    while (next?.signal?.aborted) next = this.queue.shift();
    if (!next) return;
    const worker = this.ensureWorker();
    if (!worker) {
      next.resolve(diffDocuments(next.request.base, next.request.other));
      this.pump();
      return;
    }
    this.running = next;
    worker.postMessage(next.request);
  }

  private ensureWorker(): DiffWorker | null {
    if (this.worker !== undefined) return this.worker;
    try {
      const worker = this.createWorker();
      worker.onmessage = (event) => this.settle(event.data.id, event.data.diff);
      worker.onerror = () => this.abandonWorker();
      this.worker = worker;
    } catch {
      this.worker = null;
    }
    return this.worker;
  }

  private settle(id: number, diff: WordDiff | null): void {
    const done = this.running;
    if (!done || done.request.id !== id) return;
    this.running = null;
    done.resolve(diff);
    this.pump();
  }

  /** The worker failed to load or threw: finish the running request and the rest on the page. */
  private abandonWorker(): void {
    this.worker?.terminate();
    this.worker = null;
    const interrupted = this.running;
    this.running = null;
    if (interrupted) interrupted.resolve(diffDocuments(interrupted.request.base, interrupted.request.other));
    this.pump();
  }
}

let shared: DiffClient | undefined;

/** The page's one diff client, its worker started on the first diff. */
export function diffClient(): DiffClient {
  shared ??= new DiffClient(() => new Worker(new URL('./diffWorker.ts', import.meta.url), { type: 'module', name: 'word-diff' }) as DiffWorker);
  return shared;
}
