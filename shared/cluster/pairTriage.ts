// What becomes of each candidate pair, decided as the index proposes it, so that a corpus where
// every document is a candidate of every other (form letters from one template, just under the
// threshold) never holds its pairs: a pair of documents carrying their sets is settled on them at
// once (exact, in memory); an estimate that settles the threshold stands; the uncertain rest are
// kept for an exact check on sets read again, each document's few best only. What is kept is
// then claimed only as verifyPairs allows (claimRules.ts).
import type { ChunkUnit } from '../scanOptions.ts';
import { estimateSamples, judgeEstimate, UNCERTAIN_CHECKS_PER_DOCUMENT } from './claimRules.ts';
import { jaccard } from '../fingerprint/jaccard.ts';
import { estimateResemblance } from '../fingerprint/minhash.ts';

export interface TriageNode {
  sketch: Uint32Array;
  shingleCount: number;
  /** The unit's chunk set, sorted and distinct, for documents of at most EXACT_SET_LIMIT chunks. */
  chunks?: Uint32Array;
}

export interface TriagedPair {
  a: number;
  b: number;
  similarity: number;
  /** `similarity` is the exact resemblance of the two chunk sets: nothing is left to check. */
  exact?: true;
}

export interface TriageSettings {
  threshold: number;
  unit: ChunkUnit;
  /** Candidates estimated below threshold - margin are dropped (minhash's LSH curve is not a step); undefined keeps them. */
  margin?: number;
  /** Uncertain pairs kept per document (UNCERTAIN_CHECKS_PER_DOCUMENT unless given). */
  perDocument?: number;
}

/** True when both documents carry their sets: their resemblance is computed, not estimated. */
function bothExact(x: TriageNode, y: TriageNode): boolean {
  return x.chunks !== undefined && y.chunks !== undefined;
}

export class PairTriage {
  private readonly nodes: readonly TriageNode[];
  private readonly settings: TriageSettings;
  private readonly perDocument: number;
  /** Each document's best uncertain partners (perDocument slots, -1 when free) and their estimates. */
  private readonly partners: Int32Array;
  private readonly estimates: Float32Array;

  constructor(nodes: readonly TriageNode[], settings: TriageSettings) {
    this.nodes = nodes;
    this.settings = settings;
    this.perDocument = settings.perDocument ?? UNCERTAIN_CHECKS_PER_DOCUMENT;
    this.partners = new Int32Array(nodes.length * this.perDocument).fill(-1);
    this.estimates = new Float32Array(nodes.length * this.perDocument);
  }

  /** Whether the pair goes on as a claim to show or to verify; an uncertain one is held aside (uncertainPairs). */
  readonly keep = (a: number, b: number): boolean => {
    const x = this.nodes[a]!;
    const y = this.nodes[b]!;
    const { threshold, margin, unit } = this.settings;
    if (bothExact(x, y)) return jaccard(x.chunks!, y.chunks!) >= threshold;
    const estimate = estimateResemblance(x.sketch, y.sketch);
    if (margin !== undefined && estimate < threshold - margin) return false;
    const verdict = judgeEstimate(estimate, threshold, estimateSamples(unit === 'words', x.sketch.length, x.shingleCount, y.shingleCount));
    if (verdict === 'uncertain') {
      this.hold(a, b, estimate);
      this.hold(b, a, estimate);
    }
    return verdict === 'above';
  };

  /** The pair with its figure: exact where both sets are here, else the estimate. */
  pair(a: number, b: number): TriagedPair {
    const x = this.nodes[a]!;
    const y = this.nodes[b]!;
    if (bothExact(x, y)) return { a, b, similarity: jaccard(x.chunks!, y.chunks!), exact: true };
    return { a, b, similarity: estimateResemblance(x.sketch, y.sketch) };
  }

  /** Offers `partner` to `doc`'s best uncertain partners: taken if there is room or it beats the worst. */
  private hold(doc: number, partner: number, estimate: number): void {
    const start = doc * this.perDocument;
    let worst = -1;
    for (let slot = start; slot < start + this.perDocument; slot++) {
      const held = this.partners[slot]!;
      if (held === partner) return;
      if (held === -1) {
        this.partners[slot] = partner;
        this.estimates[slot] = estimate;
        return;
      }
      if (worst === -1 || this.estimates[slot]! < this.estimates[worst]!) worst = slot;
    }
    if (worst !== -1 && estimate > this.estimates[worst]!) {
      this.partners[worst] = partner;
      this.estimates[worst] = estimate;
    }
  }

  /** The uncertain pairs held by either of their documents, each once, with their estimates. */
  uncertainPairs(): TriagedPair[] {
    const seen = new Set<number>();
    const out: TriagedPair[] = [];
    const count = this.nodes.length;
    for (let slot = 0; slot < this.partners.length; slot++) {
      const partner = this.partners[slot]!;
      if (partner === -1) continue;
      const doc = Math.floor(slot / this.perDocument);
      const [a, b] = doc < partner ? [doc, partner] : [partner, doc];
      if (seen.has(a * count + b)) continue;
      seen.add(a * count + b);
      out.push(this.pair(a, b));
    }
    return out;
  }
}

/** Sorted by documents, as candidates are. */
export const byDocuments = (p: { a: number; b: number }, q: { a: number; b: number }) => p.a - q.a || p.b - q.b;

/** Candidates proposed elsewhere (the watcher's kept buckets) put through the same triage. */
export function triagePairs(candidates: readonly { a: number; b: number }[], nodes: readonly TriageNode[], settings: TriageSettings): TriagedPair[] {
  const triage = new PairTriage(nodes, settings);
  const kept = candidates.filter(({ a, b }) => triage.keep(a, b)).map(({ a, b }) => triage.pair(a, b));
  return [...kept, ...triage.uncertainPairs()].sort(byDocuments);
}
