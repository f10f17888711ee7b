import { expect, it } from 'vitest';
import { describeProgress } from '../../../../electron/node/cli/progressLine.ts';
import type { ScanProgress } from '../../../../shared/scanOptions.ts';

const reading: ScanProgress = { phase: 'extract', filesSeen: 12, bytesSeen: 4e6, bytesToRead: 4e6, bytesRead: 1e6, filesDone: 3, filesToDo: 12, elapsedMs: 5000, phaseElapsedMs: 2000 };

it('names the page OCR reads and the scan it belongs to, and no path otherwise while reading', () => {
  expect(describeProgress(reading, 200)).not.toContain('/home');
  const line = describeProgress({ ...reading, currentPath: '/home/ann/scans/lease.pdf', scanPage: { page: 3, pages: 12 } }, 200);
  expect(line).toContain('OCR page 3 of 12 · /home/ann/scans/lease.pdf');
});
