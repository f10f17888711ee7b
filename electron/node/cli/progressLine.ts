// One self-rewriting progress line on a terminal's stderr: files seen, bytes read, rate, ETA.
import type { WriteStream } from 'node:tty';
import { formatBytes, formatCount, formatDuration, formatRate, rateAndEta } from '../../../shared/format.ts';
import type { ScanProgress } from '../../../shared/scanOptions.ts';
import { terminalPath } from './terminalText.ts';

const PHASE_LABEL: Record<ScanProgress['phase'], string> = {
  walk: 'Walking',
  hash: 'Hashing',
  extract: 'Reading documents',
  cluster: 'Clustering',
  done: 'Done',
};

export function describeProgress(p: ScanProgress, width: number): string {
  const parts = [`${PHASE_LABEL[p.phase]}: ${formatCount(p.filesSeen)} files seen`];
  if (p.bytesToRead > 0) {
    const { perSecond, etaMs } = rateAndEta(p.bytesRead, p.bytesToRead, p.phaseElapsedMs);
    parts.push(`${formatBytes(p.bytesRead)} of ${formatBytes(p.bytesToRead)} read`);
    if (perSecond !== null) parts.push(formatRate(perSecond));
    if (etaMs !== null) parts.push(`ETA ${formatDuration(etaMs)}`);
  } else if (p.currentPath) {
    parts.push(terminalPath(p.currentPath));
  }
  const line = parts.join(' · ');
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
}

export function createProgressLine(stream: WriteStream): { update(p: ScanProgress): void; clear(): void } {
  let shown = false;
  return {
    update(p) {
      stream.write(`\r\x1b[2K${describeProgress(p, (stream.columns || 80) - 1)}`);
      shown = true;
    },
    clear() {
      if (shown) stream.write('\r\x1b[2K');
      shown = false;
    },
  };
}
