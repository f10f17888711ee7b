// Keeps the scan's progress figures and hands them out at most every `intervalMs`, so a walk
// over a million files does not flood the CLI or the IPC channel with events.
import type { ScanPhase, ScanProgress } from '../../../shared/scanOptions.ts';

export interface ProgressTracker {
  readonly state: ScanProgress;
  /** Sets figures and emits if the last emission is older than the interval. */
  update(patch: Partial<ScanProgress>): void;
  /** Starts a phase and emits at once. */
  phase(phase: ScanPhase, patch?: Partial<ScanProgress>): void;
}

export function createProgressTracker(onProgress: ((p: ScanProgress) => void) | undefined, intervalMs = 100): ProgressTracker {
  const started = performance.now();
  let phaseStarted = started;
  let lastEmit = -Infinity;
  const state: ScanProgress = {
    phase: 'walk',
    filesSeen: 0,
    bytesSeen: 0,
    bytesToRead: 0,
    bytesRead: 0,
    filesDone: 0,
    filesToDo: 0,
    elapsedMs: 0,
    phaseElapsedMs: 0,
  };
  const emit = (now: number) => {
    lastEmit = now;
    state.elapsedMs = now - started;
    state.phaseElapsedMs = now - phaseStarted;
    onProgress?.({ ...state });
  };
  return {
    state,
    update(patch) {
      Object.assign(state, patch);
      const now = performance.now();
      if (onProgress && now - lastEmit >= intervalMs) emit(now);
    },
    phase(phase, patch = {}) {
      Object.assign(state, { bytesToRead: 0, bytesRead: 0, filesDone: 0, filesToDo: 0, scanPage: undefined }, patch, { phase });
      phaseStarted = performance.now();
      if (onProgress) emit(phaseStarted);
    },
  };
}
