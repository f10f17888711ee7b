// Runtime schemas of the values that cross between the UI and the engine, and of the report the
// CLI prints and reads back. They are the one declaration: the TypeScript types (shared/report.ts,
// shared/scanOptions.ts, the contract's) are inferred from them, and their closed sets of values
// come from vocabulary.ts. A new field is added here, once, with its comment.
import { z } from 'zod';
import {
  actionKinds,
  appActionKinds,
  batchStepStates,
  chunkUnits,
  clusterKinds,
  clusterSorts,
  documentFormats,
  folderPurposes,
  identicalKinds,
  marks,
  nearMethods,
  scanPhases,
  undoStates,
} from './vocabulary.ts';

export const clusterKindSchema = z.enum(clusterKinds);
export const documentFormatSchema = z.enum(documentFormats);
export const folderPurposeSchema = z.enum(folderPurposes);
export const actionKindSchema = z.enum(actionKinds);

export const reportFileSchema = z.object({
  /** Absolute path. Bytes that are not valid UTF-8 appear as lone surrogates U+DC80–U+DCFF (see fsName.ts). */
  path: z.string(),
  size: z.number(),
  /** Modification time, milliseconds since the epoch. */
  mtime: z.number(),
  /** Other names of this same file (hard links). They share its bytes, so they are never reclaimable. */
  links: z.array(z.string()).optional(),
  format: documentFormatSchema.optional(),
  words: z.number().optional(),
  /**
   * Near and contained clusters: 'bytes' when an earlier file of the cluster has exactly these
   * bytes, 'text' when one has the same canonical text (e.g. the .html of a .txt).
   */
  identical: z.enum(identicalKinds).optional(),
  /** Near and contained clusters: resemblance to (or containment in) the first file, the representative. */
  similarity: z.number().optional(),
});

export const clusterSchema = z.object({
  id: z.string(),
  kind: clusterKindSchema,
  /** 1 for exact clusters; see the README for near and contained clusters. */
  similarity: z.number(),
  /** Bytes freed by keeping one file of the cluster and removing the others. */
  reclaimable: z.number(),
  files: z.array(reportFileSchema),
  description: z.string().optional(),
});

export const scanErrorSchema = z.object({
  path: z.string(),
  /** An errno code (EACCES, ENOENT, ELOOP, …) or one of Shingle's own codes (vocabulary.ts). */
  code: z.string(),
  message: z.string(),
});

export const scanStatsSchema = z.object({
  /** Distinct files considered (hard links counted once). */
  files: z.number(),
  /** Their total size. */
  bytes: z.number(),
  ms: z.number(),
  /** Bytes read to hash them. */
  bytesHashed: z.number().optional(),
  /** Files whose content was read (hashed or extracted); files known to the index are not. */
  filesRead: z.number().optional(),
  /** FIFOs, sockets and devices passed over without opening them. */
  special: z.number().optional(),
});

export const hardLinkSetSchema = z.object({ size: z.number(), paths: z.array(z.string()) });

/** The `shingle scan --json` document. Its version is checked where a report is read. */
export const scanReportSchema = z.object({
  version: z.literal(1),
  roots: z.array(z.string()),
  stats: scanStatsSchema,
  clusters: z.array(clusterSchema),
  /** Files with more than one name among the scanned paths. Reported, never reclaimable. */
  hardlinks: z.array(hardLinkSetSchema).optional(),
  errors: z.array(scanErrorSchema),
});

export const scanSettingsSchema = z.strictObject({
  /** Folders to scan. Only paths the host produced (folder picker, drop) ever get here. */
  roots: z.array(z.string().min(1)).max(1000),
  /** Folders whose files are never acted on (issue: safe deletion). */
  referenceRoots: z.array(z.string().min(1)).max(1000),
  /** Glob patterns matched against the path relative to its root and against the base name. */
  excludes: z.array(z.string().min(1).max(1000)).max(1000),
  hidden: z.boolean(),
  followSymlinks: z.boolean(),
  /** Files smaller than this are ignored (empty files are never duplicates). */
  minSize: z.int().min(1),
  near: z.boolean(),
  method: z.enum(nearMethods),
  threshold: z.number().gt(0).lte(1),
  unit: z.enum(chunkUnits),
});

/** The settings are the scan options (shared/scanOptions.ts) plus the reference folders. */
export type ScanSettings = z.infer<typeof scanSettingsSchema>;

export const scanProgressSchema = z.object({
  phase: z.enum(scanPhases),
  filesSeen: z.number(),
  /** Total size of the files seen so far. */
  bytesSeen: z.number(),
  /** Bytes the current phase will read in all, once the walk has finished (0 before). */
  bytesToRead: z.number(),
  bytesRead: z.number(),
  filesDone: z.number(),
  filesToDo: z.number(),
  currentPath: z.string().optional(),
  elapsedMs: z.number(),
  /** Time since the current phase began: rates and ETAs are per phase. */
  phaseElapsedMs: z.number(),
});

export const clusterSortSchema = z.enum(clusterSorts);

export const clusterQuerySchema = z.strictObject({
  offset: z.int().min(0),
  limit: z.int().min(1).max(1000),
  sort: clusterSortSchema,
  kinds: z.array(clusterKindSchema).max(clusterKinds.length).optional(),
  formats: z.array(documentFormatSchema).max(documentFormats.length).optional(),
  /** Only clusters with a file under this folder (one of the roots or below). */
  folder: z.string().max(4096).optional(),
  /** Case-insensitive substring of any file path. */
  search: z.string().max(1000).optional(),
});

export const clusterPageSchema = z.object({
  total: z.number(),
  totalReclaimable: z.number(),
  counts: z.record(clusterKindSchema, z.number()),
  clusters: z.array(clusterSchema),
});

/** A file is named by its cluster and position, never by a path from the UI. */
export const fileRefSchema = z.strictObject({
  clusterId: z.string().min(1).max(200),
  fileIndex: z.int().min(0).max(1_000_000),
});

export const markSchema = z.enum(marks);

export const scanStateSchema = z.object({
  running: z.boolean(),
  scanId: z.string().optional(),
  finishedAt: z.number().optional(),
  stats: z.object({ files: z.number(), bytes: z.number(), ms: z.number() }).optional(),
  errors: z.number(),
  cancelled: z.boolean().optional(),
  failure: z.string().optional(),
  /** What following the results on disk ran into (a folder only rescanned, a file no longer readable); the results stand. */
  warnings: z.array(z.string()).optional(),
});

export const clusterChangeSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('cluster-added'), cluster: clusterSchema }),
  /** The cluster that replaces the one last reported as `previousId` (its own id when the members kept their paths). */
  z.object({ event: z.literal('cluster-changed'), cluster: clusterSchema, previousId: z.string() }),
  /** The cluster as last reported. */
  z.object({ event: z.literal('cluster-removed'), cluster: clusterSchema }),
]);
export type ClusterChange = z.infer<typeof clusterChangeSchema>;

/**
 * A bulk action over the current results (issue: bulk review and safe deletion). Files are never
 * named here: the engine plans from its own report, the clusters in scope and the keep rules.
 */
export const actionRequestSchema = z.strictObject({
  /** The clusters in scope; all of them when left out. */
  clusterIds: z.array(z.string().min(1).max(200)).max(100_000).optional(),
  /** Keep rules in their CLI form (shared/selection/keepRules.ts): newest, in:/folder, format:pdf>html… */
  rules: z.array(z.string().min(1).max(4200)).max(20),
  /** The user's keep/delete marks override what the rules chose. */
  useMarks: z.boolean(),
  action: z.enum(appActionKinds),
});

export const refusalSchema = z.object({ clusterId: z.string(), path: z.string(), reason: z.string() });

export const actionPreviewSchema = z.object({
  files: z.number(),
  bytes: z.number(),
  clusters: z.number(),
  refused: z.array(refusalSchema),
  /** The first files the action would touch, for a look before confirming. */
  items: z.array(z.object({ clusterId: z.string(), path: z.string(), size: z.number() })).optional(),
});

export const actionProgressSchema = z.object({ batchId: z.number(), done: z.number(), total: z.number(), failed: z.number() });

export const batchResultSchema = z.object({
  batchId: z.number(),
  action: z.string(),
  running: z.boolean(),
  undone: z.boolean(),
  steps: z.array(
    z.object({
      clusterId: z.string(),
      path: z.string(),
      state: z.enum(batchStepStates),
      reason: z.string().optional(),
    }),
  ),
});

export const undoResultSchema = z.object({
  batchId: z.number(),
  outcomes: z.array(z.object({ path: z.string(), state: z.enum(undoStates), reason: z.string().optional() })),
});
