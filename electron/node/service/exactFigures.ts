// Exact figures where the texts are at hand. A scan keeps a near member's sketch estimate when it
// clears the threshold by far (claimRules.judgeEstimate), rather than read both texts again: the
// report marks those figures `estimated`. A cluster opened in the app, or planned in a preview,
// is worth those reads: each estimated figure is replaced by the exact resemblance of the two
// chunk sets, measured as the scan's own checks measure (the detail step, then jaccard), and
// floored as the scan floors it (memberFigure: never 1 for another text).
import type { Cluster } from '../../../shared/report.ts';
import { jaccard } from '../../../shared/fingerprint/jaccard.ts';
import type { ChunkUnit } from '../../../shared/scanOptions.ts';
import { memberFigure } from '../near/assembleClusters.ts';
import { createDetailReader } from '../near/clusterDetails.ts';
import type { DetailReader } from '../near/clusterDetails.ts';
import type { DocumentDetail } from '../near/detailStep.ts';
import { rebuilt } from './clusterMembers.ts';

/** Whether the cluster shows a figure measured on samples only. */
export const hasEstimates = (cluster: Cluster): boolean => cluster.kind === 'near' && cluster.files.some((file) => file.estimated && file.matches !== undefined);

/**
 * The clusters with their estimated figures measured on the chunk sets of `unit` (the scan
 * settings'); a figure whose files cannot be read stays an estimate, and says so. A cluster with
 * no estimate is returned as it is. The reading pool is ended before this resolves: the sets of
 * long documents are not kept.
 */
export async function measureClusters(clusters: readonly Cluster[], unit: ChunkUnit): Promise<Cluster[]> {
  if (!clusters.some(hasEstimates)) return [...clusters];
  // With OCR: a scanned member's figure is measured on what OCR reads of it, as the scan's was
  // (read without, its text is empty and its figure 0). Only PDFs without text and TIFFs change.
  const reader = createDetailReader(unit, { ocr: true });
  try {
    const out: Cluster[] = [];
    // A cluster at a time: only its members' sets are held.
    for (const cluster of clusters) out.push(hasEstimates(cluster) ? await measured(cluster, reader) : cluster);
    return out;
  } finally {
    await reader.close();
  }
}

async function measured(cluster: Cluster, reader: DetailReader): Promise<Cluster> {
  const sizes = new Map(cluster.files.map((file) => [file.path, file.size]));
  const estimated = cluster.files.filter((file) => file.estimated && file.matches !== undefined);
  const wanted = [...new Set(estimated.flatMap((file) => [file.path, file.matches!]))];
  const details = new Map<string, DocumentDetail | undefined>();
  await Promise.all(wanted.map(async (path) => details.set(path, await reader.readFile({ path, size: sizes.get(path) ?? 0 }))));
  const files = cluster.files.map((file) => {
    const a = file.estimated ? details.get(file.path) : undefined;
    const b = file.matches === undefined ? undefined : details.get(file.matches);
    if (!a || !b) return file;
    const { estimated: _estimated, ...exact } = file;
    return { ...exact, similarity: memberFigure('near', jaccard(a.chunks, b.chunks)) };
  });
  return rebuilt(cluster, files, cluster.description);
}
