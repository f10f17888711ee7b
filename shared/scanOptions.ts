// What a scan is asked to do: the same options from the CLI, the desktop app and tests. The
// types are inferred from the contract's schemas (contract/schemas.ts), their values listed in
// contract/vocabulary.ts.
import type { z } from 'zod';
import type { ScanSettings, scanProgressSchema } from './contract/schemas.ts';

export type { ChunkUnit, NearMethod, ScanPhase } from './contract/vocabulary.ts';

/** The settings without the reference folders, which only actions read. */
export type ScanOptions = Omit<ScanSettings, 'referenceRoots'>;

export const DEFAULT_FOLDER_THRESHOLD = 0.8;

export const defaultScanOptions: Omit<ScanOptions, 'roots'> = {
  excludes: [],
  hidden: false,
  followSymlinks: false,
  minSize: 1,
  near: true,
  method: 'minhash',
  threshold: 0.5,
  unit: 'words',
  folderThreshold: DEFAULT_FOLDER_THRESHOLD,
};

export type ScanProgress = z.infer<typeof scanProgressSchema>;
