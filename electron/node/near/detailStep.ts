// The extraction worker's post-process step for the few documents that need more than a
// fingerprint: the full chunk set (exact Jaccard near the threshold) and the text (descriptions).
import type { DocumentFormat } from '../../../shared/report.ts';
import type { ChunkUnit } from '../../../shared/scanOptions.ts';
import { chunkSet } from '../../../shared/fingerprint/shingles.ts';

export interface DocumentDetail {
  text: string;
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

export default function detailStep(text: string, _format: DocumentFormat): DocumentDetail {
  const shingles = chunkSet(text, 'words');
  return { text, chunks: unit === 'words' ? shingles : chunkSet(text, unit), shingles };
}
