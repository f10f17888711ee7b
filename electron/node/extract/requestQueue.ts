// The extraction pool's waiting requests.

/** First in, first out, with O(1) takes from the front (Array.shift and splice(0, n) move the rest). */
export class RequestQueue<Request> {
  private items: Request[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  push(request: Request): void {
    this.items.push(request);
  }

  peek(): Request | undefined {
    return this.items[this.head];
  }

  shift(): void {
    if (this.length > 0) this.head++;
    this.compact();
  }

  take(count: number): Request[] {
    const taken = this.items.slice(this.head, this.head + count);
    this.head += taken.length;
    this.compact();
    return taken;
  }

  /** Drops the taken front once it is most of the array, so memory follows what is queued. */
  private compact(): void {
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }

  /** Retries go first, in their order. */
  putBack(requests: Request[]): void {
    if (requests.length === 0) return;
    this.items = [...requests, ...this.items.slice(this.head)];
    this.head = 0;
  }
}
