// The messages between the page and the diff worker: two texts in, their word diff out.
import type { WordDiff } from './wordDiff.ts';

export interface DiffRequest {
  id: number;
  base: string;
  other: string;
}

export interface DiffResponse {
  id: number;
  /** null when the texts were too different to diff in time. */
  diff: WordDiff | null;
}
