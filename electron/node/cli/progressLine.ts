// One self-rewriting progress line on a terminal's stderr: for a scan, files seen, bytes read,
// rate, ETA; for apply, files done of the plan. Only ever shown when stderr is a terminal.
import type { WriteStream } from 'node:tty';
import { formatBytes, formatCount, formatDuration, formatPercent, formatRate, plural, rateAndEta } from '../../../shared/format.ts';
import type { ActionKind } from '../../../shared/contract/vocabulary.ts';
import type { ScanProgress } from '../../../shared/scanOptions.ts';
import type { ApplyProgress } from '../actions/applyPlan.ts';
import { terminalPath } from './terminalText.ts';

const PHASE_LABEL: Record<ScanProgress['phase'], string> = {
  walk: 'Walking',
  hash: 'Hashing',
  extract: 'Reading documents',
  cluster: 'Clustering',
  done: 'Done',
};

const ACTION_LABEL: Record<ActionKind, string> = {
  trash: 'Trashing',
  delete: 'Deleting',
  hardlink: 'Hard-linking',
  move: 'Moving',
};

/**
 * The parts joined into one line of at most `width` characters. A path, when it is the last part,
 * loses its start rather than its end: the file name is what tells one step from the next.
 */
function fit(parts: string[], width: number, path?: string): string {
  const head = parts.join(' · ');
  const line = path === undefined ? head : `${head} · ${path}`;
  if (line.length <= width) return line;
  const room = width - head.length - ' · …'.length;
  if (path !== undefined && room >= 10) return `${head} · …${path.slice(path.length - room)}`;
  return `${line.slice(0, width - 1)}…`;
}

export function describeProgress(p: ScanProgress, width: number): string {
  const parts = [`${PHASE_LABEL[p.phase]}: ${formatCount(p.filesSeen)} files seen`];
  if (p.bytesToRead > 0) {
    const { perSecond, etaMs } = rateAndEta(p.bytesRead, p.bytesToRead, p.phaseElapsedMs);
    parts.push(`${formatBytes(p.bytesRead)} of ${formatBytes(p.bytesToRead)} read`);
    if (perSecond !== null) parts.push(formatRate(perSecond));
    if (etaMs !== null) parts.push(`ETA ${formatDuration(etaMs)}`);
    // OCR takes seconds a page: which page of which scan, so a long scan is seen to move.
    if (p.scanPage && p.currentPath) return fit([...parts, `OCR page ${p.scanPage.page} of ${p.scanPage.pages}`], width, terminalPath(p.currentPath));
    return fit(parts, width);
  }
  return fit(parts, width, p.currentPath ? terminalPath(p.currentPath) : undefined);
}

/** "Trashing: 3 of 10 files (30%) · 1 not done · /path/being/trashed" */
export function describeApplyProgress(action: ActionKind, p: ApplyProgress, width: number): string {
  const parts = [`${ACTION_LABEL[action]}: ${formatCount(p.done)} of ${plural(p.total, 'file')} (${formatPercent(p.total === 0 ? 1 : p.done / p.total)})`];
  if (p.failed > 0) parts.push(`${formatCount(p.failed)} not done`);
  return fit(parts, width, p.path ? terminalPath(p.path) : undefined);
}

/** A line that `update` rewrites in place and `clear` wipes before anything else is printed. */
export function createStatusLine<T>(stream: WriteStream, describe: (progress: T, width: number) => string): { update(progress: T): void; clear(): void } {
  let shown = false;
  return {
    update(progress) {
      stream.write(`\r\x1b[2K${describe(progress, (stream.columns || 80) - 1)}`);
      shown = true;
    },
    clear() {
      if (shown) stream.write('\r\x1b[2K');
      shown = false;
    },
  };
}

export function createProgressLine(stream: WriteStream): { update(p: ScanProgress): void; clear(): void } {
  return createStatusLine(stream, describeProgress);
}
