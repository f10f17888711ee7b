// Words and figures for clusters, the same in the list and in the cluster view.
import { formatPercent } from '../../shared/format.ts';
import { oneText } from '../../shared/selection/fileRelations.ts';
import type { Cluster, ClusterKind, DocumentFormat } from '../../shared/report.ts';
import type { ClusterSort } from '../engine/contractTypes.ts';

export const kindLabels: Record<ClusterKind, string> = { exact: 'Exact', near: 'Near', contained: 'Contained' };

export const kindDescriptions: Record<ClusterKind, string> = {
  exact: 'Byte-identical copies',
  near: 'Similar documents',
  contained: 'One document contained in another',
};

export const formatLabels: Record<DocumentFormat, string> = { text: 'Text', html: 'HTML', pdf: 'PDF', docx: 'Word', odt: 'OpenDocument', rtf: 'RTF', epub: 'EPUB', doc: 'Word 97–2003', pptx: 'PowerPoint', odp: 'OpenDocument slides', xlsx: 'Excel', ods: 'OpenDocument sheet', eml: 'E-mail', tiff: 'TIFF image' };

export const sortLabels: Record<ClusterSort, string> = {
  reclaimable: 'Most space first',
  similarity: 'Most similar first',
  files: 'Most files first',
  path: 'By path',
  folder: 'By folder',
  date: 'Newest first',
};

/**
 * The similarity a cluster is shown with ("≈" before an estimate): exact clusters are simply identical; a contained
 * cluster says how much of the smaller documents lies inside the first (its container), named
 * by `nameOf` when given.
 */
export function similarityLabel(cluster: Cluster, nameOf?: (path: string) => string): string {
  if (cluster.kind === 'exact') return 'identical';
  if (cluster.kind === 'near') {
    // 100 % only for one text: identical, or the same words where punctuation or case differ.
    const one = oneText(cluster);
    if (one !== undefined) return one === 'words' ? 'same words' : 'identical text';
    // ≈: the scan's sketch estimate, until the cluster is opened and the engine measures it.
    return `${cluster.estimated ? '≈' : ''}${formatPercent(Math.min(cluster.similarity, 0.999))} similar`;
  }
  const [container, contained] = cluster.files;
  if (!nameOf || !container || !contained) return `${formatPercent(cluster.similarity)} inside`;
  const part = cluster.files.length === 2 ? `of ${nameOf(contained.path)}` : 'or more of each';
  return `${formatPercent(cluster.similarity)} ${part} inside ${nameOf(container.path)}`;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDate(ms: number): string {
  return dateFormat.format(new Date(ms));
}
