// What a document's card says of how it compares: with the base of the comparison (from the
// diff), and with the member it matches (the engine's figure, verified by the scan).
import { formatPercent, plural } from '../../shared/format.ts';
import type { Cluster } from '../../shared/report.ts';
import type { WordDiff } from '../diff/wordDiff.ts';

export interface ComparisonProps {
  cluster: Cluster;
  fileIndex: number;
  /** Names that tell the cluster's files apart. */
  names: readonly string[];
  base: number;
  /** The member with the same words as this one, if any. */
  sameAs: number | undefined;
  /** Its diff against the base (null: too different; absent: loading or the base itself). */
  changes: WordDiff | null | undefined;
  mostDifferent: boolean;
  details: boolean;
}

/** How the file compares: with the base (from the diff), and with the member it matches (the engine's figure). */
export function comparison({ cluster, fileIndex, names, base, sameAs, changes, mostDifferent, details }: ComparisonProps): string {
  const file = cluster.files[fileIndex]!;
  if (fileIndex === base) return 'Base of the comparison';
  const parts: string[] = [];
  if (sameAs !== undefined) parts.push(`${file.identical === 'bytes' ? 'Same bytes' : file.identical === 'words' ? 'Same words' : 'Same text'} as ${names[sameAs]}`);
  else if (changes) parts.push(`${plural(changes.changes, 'difference')}${mostDifferent ? ', the most' : ''}`);
  if (fileIndex > 0 && file.similarity !== undefined && sameAs === undefined) {
    // The figure is to the member it matches: the first file for most, another for some. A
    // folded card says it in a few words; the member is named when there is room.
    const matched = Math.max(0, cluster.files.findIndex((f) => f.path === (file.matches ?? cluster.files[0]!.path)));
    // An edit of punctuation or case has every word of the text it matches: not "100 % similar".
    if (file.identical === 'words') return [...parts, `Same words${details ? ` as ${names[matched]}` : ''}, other punctuation or case`].join(' · ');
    const than = details ? ` ${cluster.kind === 'contained' ? 'inside' : 'similar to'} ${names[matched]}` : cluster.kind === 'contained' ? (matched === 0 ? ' inside the first' : ' inside another') : ' similar';
    parts.push(`${formatPercent(file.similarity)}${cluster.kind === 'contained' ? ' of it' : ''}${than}`);
  }
  return parts.join(' · ');
}

