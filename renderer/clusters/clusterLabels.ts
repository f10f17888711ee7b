// Words and figures for clusters, the same in the list and in the cluster view.
import { formatPercent } from '../../shared/format.ts';
import type { Cluster, ClusterKind, DocumentFormat } from '../../shared/report.ts';
import type { ClusterSort } from '../engine/contractTypes.ts';

export const kindLabels: Record<ClusterKind, string> = { exact: 'Exact', near: 'Near', contained: 'Contained' };

export const kindDescriptions: Record<ClusterKind, string> = {
  exact: 'Byte-identical copies',
  near: 'Similar documents',
  contained: 'One document contained in another',
};

export const formatLabels: Record<DocumentFormat, string> = { text: 'Text', html: 'HTML', pdf: 'PDF' };

export const sortLabels: Record<ClusterSort, string> = {
  reclaimable: 'Most space first',
  similarity: 'Most similar first',
  files: 'Most files first',
  path: 'By path',
};

export const percent = formatPercent;

/** The similarity a cluster is shown with: exact clusters are simply identical. */
export function similarityLabel(cluster: Cluster): string {
  return cluster.kind === 'exact' ? 'identical' : `${percent(cluster.similarity)} similar`;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDate(ms: number): string {
  return dateFormat.format(new Date(ms));
}
