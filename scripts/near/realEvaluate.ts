// Scoring a scan of real documents against the exact ground truth of realTruth.ts.
//   recall        pairs of documents at resemblance ≥ 0.85 (and 0.5–0.85) found in one near or
//                 exact cluster;
//   precision     every pair a near cluster asserts — each file with the member it `matches` — at or
//                 above the threshold on the exact sets;
//   containment   precision: every "contained" claim at least 0.9 inside a clearly larger container;
//                 recall: documents truly contained in a clearly larger one (≥ 0.9, not resembling it
//                 at the threshold, at least MIN_DOCUMENT_WORDS tokens) that have no near-duplicate
//                 of their own (those belong in a near cluster), reported inside a true container.
import { clearlySmaller, CONTAINMENT_THRESHOLD, MIN_DOCUMENT_WORDS } from '../../shared/cluster/claimRules.ts';
import type { ScanReport } from '../../shared/report.ts';
import { exactMeasures, truthSet, truthText } from './realTruth.ts';
import type { RealTruth } from './realTruth.ts';
import type { Ratio } from './evaluate.ts';

export const REAL_BANDS = ['≥ 0.85', '0.5–0.85'] as const;

export interface RealScore {
  precision: Ratio;
  recall: Record<(typeof REAL_BANDS)[number], Ratio>;
  containmentPrecision: Ratio;
  containmentRecall: Ratio;
  /** Examples, worst first: "a ~ b: exact 0.31". */
  falseClaims: string[];
  misses: string[];
}

const MIME_OF_FORMAT = { text: 'text/plain', html: 'text/html', pdf: 'application/pdf' } as const;

export async function scoreRealScan(truth: RealTruth, report: ScanReport, threshold: number): Promise<RealScore> {
  const { documents, sets, idOf, overlaps } = truth;
  // Files the truth did not take as text (file(1) said otherwise) but the scan read as documents.
  const extraSets = new Map<string, Uint32Array>();
  // The truth reads text, HTML and PDF; /usr/share/doc holds no office documents, so others count as text.
  const setOf = async (path: string, format: string = 'text'): Promise<Uint32Array> => {
    const mime = Object.hasOwn(MIME_OF_FORMAT, format) ? MIME_OF_FORMAT[format as keyof typeof MIME_OF_FORMAT] : MIME_OF_FORMAT.text;
    const id = idOf.get(path);
    if (id !== undefined) return sets[id]!;
    let set = extraSets.get(path);
    if (!set) extraSets.set(path, (set = truthSet(await truthText(path, mime).catch(() => ''))));
    return set;
  };
  const name = (path: string) => path.replace(/^\/usr\/share\//, '');

  const clusterOf = new Map<number, number>();
  report.clusters.forEach((cluster, c) => {
    if (cluster.kind === 'contained') return;
    for (const file of cluster.files) for (const path of [file.path, ...(file.links ?? [])]) if (idOf.has(path)) clusterOf.set(idOf.get(path)!, c);
  });

  const score: RealScore = {
    precision: { found: 0, total: 0 },
    recall: { '≥ 0.85': { found: 0, total: 0 }, '0.5–0.85': { found: 0, total: 0 } },
    containmentPrecision: { found: 0, total: 0 },
    containmentRecall: { found: 0, total: 0 },
    falseClaims: [],
    misses: [],
  };
  const hasPartner = new Uint8Array(documents.length);
  const containers = new Map<number, Set<number>>();
  for (const { a, b, shared } of overlaps) {
    const m = exactMeasures(sets[a]!, sets[b]!, shared);
    if (m.jaccard >= threshold) {
      hasPartner[a] = hasPartner[b] = 1;
      const band = score.recall[m.jaccard >= 0.85 ? '≥ 0.85' : '0.5–0.85'];
      band.total++;
      const found = clusterOf.get(a) !== undefined && clusterOf.get(a) === clusterOf.get(b);
      if (found) band.found++;
      else score.misses.push(`${name(documents[a]!.paths[0]!)} ~ ${name(documents[b]!.paths[0]!)}: ${m.jaccard.toFixed(3)}`);
      continue;
    }
    for (const [part, whole, inside] of [[a, b, m.aInB], [b, a, m.bInA]] as const) {
      if (inside >= CONTAINMENT_THRESHOLD && documents[part]!.tokens >= MIN_DOCUMENT_WORDS && clearlySmaller(sets[part]!.length, sets[whole]!.length)) {
        containers.set(part, (containers.get(part) ?? new Set()).add(whole));
      }
    }
  }

  const claimedContained = new Map<number, string>();
  for (const cluster of report.clusters) {
    if (cluster.kind === 'exact') continue;
    for (const file of cluster.files.slice(1)) {
      if (file.matches === undefined) continue;
      const [part, whole] = [await setOf(file.path, file.format), await setOf(file.matches, cluster.files.find((f) => f.path === file.matches)?.format)];
      const m = exactMeasures(part, whole);
      const ok = cluster.kind === 'near' ? m.jaccard >= threshold : m.aInB >= CONTAINMENT_THRESHOLD && clearlySmaller(part.length, whole.length);
      const ratio = cluster.kind === 'near' ? score.precision : score.containmentPrecision;
      ratio.total++;
      if (ok) ratio.found++;
      else score.falseClaims.push(`${cluster.kind}: ${name(file.path)} ~ ${name(file.matches)}: resemblance ${m.jaccard.toFixed(3)}, inside ${m.aInB.toFixed(3)}`);
      if (cluster.kind === 'contained' && idOf.has(file.path)) claimedContained.set(idOf.get(file.path)!, file.matches);
    }
  }
  for (const [part, wholes] of containers) {
    if (hasPartner[part]) continue;
    score.containmentRecall.total++;
    const claimed = claimedContained.get(part);
    const container = claimed === undefined ? undefined : idOf.get(claimed);
    if (container !== undefined && exactMeasures(sets[part]!, sets[container]!).aInB >= CONTAINMENT_THRESHOLD) score.containmentRecall.found++;
    else score.misses.push(`contained: ${name(documents[part]!.paths[0]!)} in ${name(documents[[...wholes][0]!]!.paths[0]!)}`);
  }
  return score;
}
