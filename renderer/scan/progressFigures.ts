// What the progress screen shows, worked out from one progress report. Rates and ETAs are per
// phase: each phase reads a different amount at a different speed.
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

/** Below this a rate is mostly noise. */
const MIN_MEASURE_MS = 500;

export function progressFigures(progress: ScanProgress): ProgressFigures {
  if (progress.phase === 'done') return { fraction: 1, bytesPerSecond: null, etaMs: 0 };
  if (progress.phase === 'walk') return { fraction: null, bytesPerSecond: null, etaMs: null };
  const seconds = progress.phaseElapsedMs / 1000;
  const measured = progress.phaseElapsedMs >= MIN_MEASURE_MS;
  const bytesPerSecond = measured && progress.bytesRead > 0 ? progress.bytesRead / seconds : null;
  if (progress.bytesToRead > 0) {
    const fraction = Math.min(1, progress.bytesRead / progress.bytesToRead);
    const etaMs = bytesPerSecond ? ((progress.bytesToRead - progress.bytesRead) / bytesPerSecond) * 1000 : null;
    return { fraction, bytesPerSecond, etaMs };
  }
  if (progress.filesToDo > 0) {
    const fraction = Math.min(1, progress.filesDone / progress.filesToDo);
    const filesPerMs = measured && progress.filesDone > 0 ? progress.filesDone / progress.phaseElapsedMs : null;
    return { fraction, bytesPerSecond, etaMs: filesPerMs ? (progress.filesToDo - progress.filesDone) / filesPerMs : null };
  }
  return { fraction: null, bytesPerSecond, etaMs: null };
}
