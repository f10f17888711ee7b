// How each file of a cluster relates to the file it duplicates, once it is known which files stay.
// The kind of a removal follows from it: a byte copy or the same text in another format is always
// safe to remove; an edited version (near) — the same words with other punctuation or case among
// them — or an excerpt (contained) only when the person opts in.
import type { IncludeKind } from '../contract/vocabulary.ts';
import type { Cluster } from '../report.ts';

export type Relation = 'kept' | 'copy' | 'same-text' | 'edited' | 'excerpt' | 'container' | 'same-words';
export type { IncludeKind };

export interface FileRelation {
  relation: Relation;
  /** The index of the staying file it duplicates (its byte twin for a copy). */
  matches?: number;
}

/**
 * Byte groups, text groups and word groups, from the report's order (shingle scan lists a near
 * cluster's files text by text, format by format, copy by copy; `identical` marks a file against
 * the ones before it). A word group holds the texts of the same canonical words ('words': other
 * punctuation or case). Files that both carry a content hash are grouped by it, so a reordered
 * report cannot make two different files twins; apply checks the hashes again on disk anyway.
 */
export function memberGroups(cluster: Cluster): { bytes: number[]; text: number[]; words: number[] } {
  const bytes: number[] = [];
  const text: number[] = [];
  const words: number[] = [];
  cluster.files.forEach((file, i) => {
    if (cluster.kind === 'exact' || (i > 0 && file.identical === 'bytes')) {
      bytes.push(i === 0 ? 0 : bytes[i - 1]!);
      text.push(i === 0 ? 0 : text[i - 1]!);
      words.push(i === 0 ? 0 : words[i - 1]!);
    } else if (i > 0 && (file.identical === 'text' || file.identical === 'words')) {
      bytes.push(i);
      text.push(file.identical === 'text' ? text[i - 1]! : i);
      words.push(words[i - 1]!);
    } else {
      bytes.push(i);
      text.push(i);
      words.push(i);
    }
    const twin = file.hash === undefined ? -1 : cluster.files.findIndex((f, j) => j < i && f.hash === file.hash);
    if (twin >= 0) bytes[i] = bytes[twin]!;
  });
  return { bytes, text, words };
}

/**
 * Whether a near cluster holds one text only, so its figure may be 100 %: 'text' when every
 * file has the first one's bytes or text, 'words' when some have only its words (other
 * punctuation or case); undefined for a cluster of several texts, or not near.
 */
export function oneText(cluster: Cluster): 'text' | 'words' | undefined {
  const rest = cluster.files.slice(1);
  if (cluster.kind !== 'near' || !rest.every((file) => file.identical !== undefined)) return undefined;
  return rest.some((file) => file.identical === 'words') ? 'words' : 'text';
}

/** What a removal of this relation needs the person to have included; undefined when always allowed. */
export function kindNeeded(relation: Relation): IncludeKind | undefined {
  return relation === 'edited' || relation === 'same-words' ? 'near' : relation === 'excerpt' ? 'contained' : undefined;
}

/**
 * Each file's relation to what stays. `keeper` is the file kept first (the rules' or the
 * person's choice); a copy is matched with a staying twin, the same text with a staying member of
 * its text (the keeper first), the same words likewise, and anything else with the representative
 * if it stays (that is the pair the scan measured), else the keeper. `preferred` (the other files
 * named to stay, e.g. the kept folder's in a folder clean-up) are taken as twins before any other
 * staying file.
 */
export function fileRelations(cluster: Cluster, staying: ReadonlySet<number>, keeper: number, preferred: readonly number[] = []): FileRelation[] {
  const { bytes, text, words } = memberGroups(cluster);
  const stayingIn = (group: number[], i: number) => {
    if (staying.has(keeper) && group[keeper] === group[i]) return keeper;
    const named = preferred.find((j) => j !== i && staying.has(j) && group[j] === group[i]);
    return named ?? [...staying].find((j) => j !== i && group[j] === group[i]);
  };
  return cluster.files.map((_, i) => {
    if (cluster.kind === 'contained' && i === 0) return { relation: 'container' };
    if (staying.has(i)) return { relation: 'kept' };
    const twin = stayingIn(bytes, i);
    if (twin !== undefined) return { relation: 'copy', matches: twin };
    const sameText = stayingIn(text, i);
    if (sameText !== undefined) return { relation: 'same-text', matches: sameText };
    const sameWords = stayingIn(words, i);
    if (sameWords !== undefined) return { relation: 'same-words', matches: sameWords };
    if (cluster.kind === 'contained') return { relation: 'excerpt', matches: 0 };
    return { relation: 'edited', matches: staying.has(0) ? 0 : keeper };
  });
}
