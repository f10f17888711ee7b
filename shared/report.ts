// The `shingle scan --json` document (version 1). The CLI prints it, the desktop app reads it,
// `shingle apply` takes it back. Later fields are only ever added, never renamed.
// Every type here is inferred from its schema in contract/schemas.ts, where fields are declared
// (and documented) once; this module only names them.
import type { z } from 'zod';
import type { clusterSchema, folderMatchSchema, hardLinkSetSchema, reportFileSchema, scanErrorSchema, scanReportSchema, scanStatsSchema } from './contract/schemas.ts';
import { ShingleErrorCode } from './contract/vocabulary.ts';

export type { ClusterKind, DocumentFormat } from './contract/vocabulary.ts';

export const REPORT_VERSION = 1;

export type ReportFile = z.infer<typeof reportFileSchema>;
export type Cluster = z.infer<typeof clusterSchema>;
export type ScanError = z.infer<typeof scanErrorSchema>;
export type ScanStats = z.infer<typeof scanStatsSchema>;
export type HardLinkSet = z.infer<typeof hardLinkSetSchema>;
export type ScanReport = z.infer<typeof scanReportSchema>;
export type FolderMatch = z.infer<typeof folderMatchSchema>;

/** The scan's own error codes, beside the system's errno codes (all of Shingle's are in vocabulary.ts). */
export const ScanErrorCode = { changed: ShingleErrorCode.changed, symlinkLoop: ShingleErrorCode.symlinkLoop } as const;

// The schema's literal and this constant must name the same version.
REPORT_VERSION satisfies ScanReport['version'];
