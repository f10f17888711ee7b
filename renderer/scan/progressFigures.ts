// What the progress screen shows, worked out from one progress report. Rates and ETAs are per
// phase: each phase reads a different amount at a different speed.
import { rateAndEta } from '../../shared/format.ts';
import type { ScanProgress } from '../engine/contractTypes.ts';

export interface ProgressFigures {
  /** 0–1, or null while the amount of work is unknown (the walk). */
  fraction: number | null;
  /** Bytes per second in the current phase, once there is enough to measure. */
  bytesPerSecond: number | null;
  etaMs: number | null;
}

export const phaseLabels: Record<ScanProgress['phase'], string> = {
  walk: 'Listing files',
  hash: 'Comparing contents',
  extract: 'Reading documents',
  cluster: 'Grouping similar documents',
  done: 'Finishing',
};

export const phaseOrder: readonly ScanProgress['phase'][] = ['walk', 'hash', 'extract', 'cluster'];

export function progressFigures(progress: ScanProgress): ProgressFigures {
  if (progress.phase === 'done') return { fraction: 1, bytesPerSecond: null, etaMs: 0 };
  if (progress.phase === 'walk') return { fraction: null, bytesPerSecond: null, etaMs: null };
  const bytes = rateAndEta(progress.bytesRead, progress.bytesToRead, progress.phaseElapsedMs);
  const bytesPerSecond = bytes.perSecond;
  if (progress.bytesToRead > 0) {
    const fraction = Math.min(1, progress.bytesRead / progress.bytesToRead);
    return { fraction, bytesPerSecond, etaMs: bytes.etaMs };
  }
  if (progress.filesToDo > 0) {
    const fraction = Math.min(1, progress.filesDone / progress.filesToDo);
    return { fraction, bytesPerSecond, etaMs: rateAndEta(progress.filesDone, progress.filesToDo, progress.phaseElapsedMs).etaMs };
  }
  return { fraction: null, bytesPerSecond, etaMs: null };
}
