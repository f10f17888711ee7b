// Disjoint sets over 0..n-1, for turning verified pairs into clusters. Path halving and union
// by size keep every operation effectively constant time.

export class UnionFind {
  private readonly parent: Int32Array;
  private readonly size: Int32Array;

  constructor(count: number) {
    this.parent = new Int32Array(count);
    this.size = new Int32Array(count).fill(1);
    for (let i = 0; i < count; i++) this.parent[i] = i;
  }

  find(x: number): number {
    const parent = this.parent;
    while (parent[x] !== x) {
      const grandparent = parent[parent[x]!]!;
      parent[x] = grandparent;
      x = grandparent;
    }
    return x;
  }

  /** Joins the sets of a and b; false when they were already one set. */
  union(a: number, b: number): boolean {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return false;
    if (this.size[ra]! < this.size[rb]!) [ra, rb] = [rb, ra];
    this.parent[rb] = ra;
    this.size[ra]! += this.size[rb]!;
    return true;
  }

  /** The number of elements in x's set. */
  setSize(x: number): number {
    return this.size[this.find(x)]!;
  }

  /** The sets with at least minSize elements, each in ascending order, ordered by first element. */
  groups(minSize = 2): number[][] {
    const byRoot = new Map<number, number[]>();
    for (let x = 0; x < this.parent.length; x++) {
      const root = this.find(x);
      if (this.size[root]! < minSize) continue;
      let group = byRoot.get(root);
      if (group === undefined) byRoot.set(root, (group = []));
      group.push(x);
    }
    return [...byRoot.values()];
  }
}
