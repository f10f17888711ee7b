// The extraction worker's post-process step for the few documents that need more than a
// fingerprint: the full chunk set (exact Jaccard near the threshold) and word-shingle set. Not the
// text: a long document's text would cross to the main thread only to be thrown away.
import type { DocumentFormat } from '../../../shared/report.ts';
import type { ChunkUnit } from '../../../shared/scanOptions.ts';
import { chunkSet } from '../../../shared/fingerprint/shingles.ts';

export interface DocumentDetail {
  /** The unit's chunk set (exact resemblance). */
  chunks: Uint32Array;
  /** The word-shingle set (exact containment). */
  shingles: Uint32Array;
}

export function detailStepUrl(unit: ChunkUnit): URL {
  const url = new URL(import.meta.url);
  url.search = new URLSearchParams({ unit }).toString();
  return url;
}

const unit = (new URL(import.meta.url).searchParams.get('unit') ?? 'words') as ChunkUnit;

/** The sets of a text (also computed in this thread, from a scan's text kept from its first reading). */
export function documentDetail(text: string, chunkUnit: ChunkUnit): DocumentDetail {
  const shingles = chunkSet(text, 'words');
  return { chunks: chunkUnit === 'words' ? shingles : chunkSet(text, chunkUnit), shingles };
}

export default function detailStep(text: string, _format: DocumentFormat): DocumentDetail {
  return documentDetail(text, unit);
}
