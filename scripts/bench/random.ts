// Seeded pseudo-random numbers: the same seed gives the same tree on every run and machine.

/** Decisions while planning the tree (sizes, names, where copies go). mulberry32: small and well mixed. */
export class PlanRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Log-uniform in [min, max]: as many files of 10–100 bytes as of 1–10 KB, the long tail of real folders. */
  logUniform(min: number, max: number): number {
    return Math.round(Math.exp(Math.log(min) + this.next() * (Math.log(max) - Math.log(min))));
  }
}

/**
 * File bytes: an xorshift32 stream seeded from the content id. Cheap enough to fill gigabytes in
 * seconds, and incompressible, so no tool gets an unrealistic shortcut.
 */
export class ContentStream {
  private state: number;

  constructor(contentId: number) {
    // Spread neighbouring ids apart (the murmur3 finalizer) so their streams share no prefix.
    let h = contentId >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
    this.state = h === 0 ? 0x9e3779b9 : h;
  }

  /** Fills the first `count` words of `words` with the next part of the stream. */
  fill(words: Uint32Array, count: number): void {
    let x = this.state;
    for (let i = 0; i < count; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      words[i] = x;
    }
    this.state = x;
  }
}
