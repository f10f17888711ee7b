// Small pure helpers of the views: progress figures, shortcuts, paths, error messages.
import { describe, expect, it } from 'vitest';
import { shortcutFor } from '../../renderer/app/shortcuts.ts';
import { resultLine } from '../../renderer/cleanup/resultLine.ts';
import { similarityLabel } from '../../renderer/clusters/clusterLabels.ts';
import { errorMessage } from '../../renderer/format/errorMessage.ts';
import { baseName, folderName } from '../../renderer/format/paths.ts';
import { progressFigures } from '../../renderer/scan/progressFigures.ts';

const base = { filesSeen: 100, bytesSeen: 10_000, bytesToRead: 0, bytesRead: 0, filesDone: 0, filesToDo: 0, elapsedMs: 2000, phaseElapsedMs: 1000 };

describe('progress figures', () => {
  it('has no fraction while the files are still being listed', () => {
    expect(progressFigures({ ...base, phase: 'walk' })).toEqual({ fraction: null, bytesPerSecond: null, etaMs: null });
  });

  it('works out rate and time left from the bytes of the current phase', () => {
    expect(progressFigures({ ...base, phase: 'hash', bytesToRead: 4000, bytesRead: 1000 })).toEqual({ fraction: 0.25, bytesPerSecond: 1000, etaMs: 3000 });
  });

  it('falls back on file counts when the phase reads no bytes', () => {
    const figures = progressFigures({ ...base, phase: 'cluster', filesToDo: 10, filesDone: 5 });
    expect(figures.fraction).toBe(0.5);
    expect(figures.etaMs).toBe(1000);
  });

  it('does not guess a rate from the first moments of a phase', () => {
    expect(progressFigures({ ...base, phase: 'extract', bytesToRead: 100, bytesRead: 10, phaseElapsedMs: 100 }).etaMs).toBeNull();
  });
});

describe('shortcuts', () => {
  const press = (key: string, extra: Partial<Parameters<typeof shortcutFor>[0]> = {}) =>
    shortcutFor({ key, ctrlKey: false, metaKey: false, altKey: false, inField: false, ...extra });

  it('maps keys to actions', () => {
    expect(press('j')).toBe('nextCluster');
    expect(press('k')).toBe('previousCluster');
    expect(press('d')).toBe('delete');
    expect(press('D')).toBe('keepOnly');
    expect(press('u')).toBe('undo');
    expect(press('z', { ctrlKey: true })).toBe('undo');
    expect(press('n')).toBe('nextDifference');
    expect(press('N')).toBe('previousDifference');
  });

  it('leaves keys typed into fields, and other modified keys, alone', () => {
    expect(press('j', { inField: true })).toBeNull();
    expect(press('j', { ctrlKey: true })).toBeNull();
    expect(press('d', { altKey: true })).toBeNull();
    expect(press('q')).toBeNull();
  });
});

describe('paths', () => {
  it('splits POSIX and Windows paths', () => {
    expect(baseName('/home/ann/report.txt')).toBe('report.txt');
    expect(baseName('C:\\Users\\ann\\report.txt')).toBe('report.txt');
    expect(folderName('/home/ann/report.txt')).toBe('/home/ann');
    expect(folderName('/report.txt')).toBe('/');
  });

  it('shows bytes that are not UTF-8 as escapes', () => {
    expect(baseName('/x/caf\udce9.txt')).toBe('caf\\xE9.txt');
  });
});

describe('error messages', () => {
  it('strips what Electron adds around an error from the main process', () => {
    expect(errorMessage(new Error("Error invoking remote method 'shingle:openFile': Error: not allowed"))).toBe('not allowed');
    expect(errorMessage('plain')).toBe('plain');
  });
});

describe('similarityLabel', () => {
  const file = (path: string) => ({ path, size: 1, mtime: 0 });
  it('says how much of a contained document lies inside its container', () => {
    const contained = { id: 'c', kind: 'contained' as const, similarity: 0.93, reclaimable: 1, files: [file('/a/book.txt'), file('/a/chapter.txt')] };
    expect(similarityLabel(contained, baseName)).toBe('93% of chapter.txt inside book.txt');
    expect(similarityLabel({ ...contained, files: [...contained.files, file('/a/preface.txt')] }, baseName)).toBe('93% or more of each inside book.txt');
    expect(similarityLabel(contained)).toBe('93% inside');
    expect(similarityLabel({ ...contained, kind: 'near' })).toBe('93% similar');
    expect(similarityLabel({ ...contained, kind: 'exact' })).toBe('identical');
  });

  it('says 100 % of no near cluster: one text is identical text or the same words, any other at most 99 %', () => {
    const near = { id: 'n', kind: 'near' as const, similarity: 1, reclaimable: 1, files: [file('/a/c.txt'), { ...file('/a/c.html'), identical: 'text' as const }] };
    expect(similarityLabel(near)).toBe('identical text');
    expect(similarityLabel({ ...near, files: [...near.files, { ...file('/a/C.txt'), identical: 'words' as const }] })).toBe('same words');
    // A member of another text, in a report that rounded its 0.9996 up.
    expect(similarityLabel({ ...near, files: [...near.files, { ...file('/a/draft.txt'), similarity: 1 }] })).toBe('99% similar');
  });
});

describe("a clean-up's result line", () => {
  const step = (state: 'done' | 'refused' | 'failed' | 'pending' | 'started', i: number) => ({ clusterId: 'c1', path: `/docs/f${i}.txt`, state });
  const result = (running: boolean, ...states: Parameters<typeof step>[0][]) => ({ batchId: 1, action: 'trash', running, undone: false, steps: states.map(step) });

  it('says what was done and what was not', () => {
    expect(resultLine(result(false, 'done', 'done'))).toBe('Moved to the trash: 2 files.');
    expect(resultLine({ ...result(false, 'done', 'refused', 'failed'), action: 'delete' })).toBe('Deleted permanently: 1 file; 2 not done.');
    expect(resultLine({ ...result(false, 'done', 'done'), action: 'hardlink' })).toBe('Replaced by hard links: 2 files.');
    expect(resultLine({ ...result(false, 'done'), action: 'move' })).toBe('Moved: 1 file.');
  });

  it('says what a batch whose engine died never reached', () => {
    expect(resultLine(result(true, 'done', 'refused', 'started', 'pending'))).toBe('Moved to the trash: 1 file; 1 not done; interrupted before 2 more files.');
    expect(resultLine(result(true, 'pending'))).toBe('Moved to the trash: 0 files; interrupted before 1 more file.');
  });

  it('says what a batch that ended early (stopped, or on an error) never reached', () => {
    expect(resultLine(result(false, 'done', 'pending', 'pending'))).toBe('Moved to the trash: 1 file; ended before 2 more files.');
  });
});
