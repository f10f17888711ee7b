// Runtime schemas of the values that cross between the UI and the engine. Every payload is
// checked against these on the engine side before it reaches the service.
import { z } from 'zod';
import type { Cluster, ReportFile } from '../report.ts';
import type { ScanOptions, ScanProgress } from '../scanOptions.ts';

export const clusterKindSchema = z.enum(['exact', 'near', 'contained']);
export const documentFormatSchema = z.enum(['text', 'html', 'pdf']);

export const reportFileSchema = z.object({
  path: z.string(),
  size: z.number(),
  mtime: z.number(),
  links: z.array(z.string()).optional(),
  format: documentFormatSchema.optional(),
  words: z.number().optional(),
  identical: z.enum(['bytes', 'text']).optional(),
  similarity: z.number().optional(),
}) satisfies z.ZodType<ReportFile>;

export const clusterSchema = z.object({
  id: z.string(),
  kind: clusterKindSchema,
  similarity: z.number(),
  reclaimable: z.number(),
  files: z.array(reportFileSchema),
  description: z.string().optional(),
}) satisfies z.ZodType<Cluster>;

/** A `shingle scan --json` report as the app opens it: what the app shows is checked, the rest dropped. */
export const savedReportSchema = z.object({
  version: z.literal(1),
  roots: z.array(z.string()),
  stats: z.object({ files: z.number(), bytes: z.number(), ms: z.number() }),
  clusters: z.array(clusterSchema),
  errors: z.array(z.object({ path: z.string(), code: z.string(), message: z.string() })),
});

export const scanSettingsSchema = z.strictObject({
  /** Folders to scan. Only paths the host produced (folder picker, drop) ever get here. */
  roots: z.array(z.string().min(1)).max(1000),
  /** Folders whose files are never acted on (issue: safe deletion). */
  referenceRoots: z.array(z.string().min(1)).max(1000),
  excludes: z.array(z.string().min(1).max(1000)).max(1000),
  hidden: z.boolean(),
  followSymlinks: z.boolean(),
  minSize: z.int().min(1),
  near: z.boolean(),
  method: z.enum(['minhash', 'lists', 'simhash']),
  threshold: z.number().gt(0).lte(1),
  unit: z.enum(['words', 'sentences', 'paragraphs']),
  across: z.boolean().optional(),
});

// The settings are the scan options plus the reference folders: the schema must accept exactly them.
export type ScanSettings = z.infer<typeof scanSettingsSchema>;
scanSettingsSchema.omit({ referenceRoots: true }) satisfies z.ZodType<ScanOptions>;

export const scanProgressSchema = z.object({
  phase: z.enum(['walk', 'hash', 'extract', 'cluster', 'done']),
  filesSeen: z.number(),
  bytesSeen: z.number(),
  bytesToRead: z.number(),
  bytesRead: z.number(),
  filesDone: z.number(),
  filesToDo: z.number(),
  currentPath: z.string().optional(),
  elapsedMs: z.number(),
  phaseElapsedMs: z.number(),
}) satisfies z.ZodType<ScanProgress>;

export const clusterSortSchema = z.enum(['reclaimable', 'similarity', 'files', 'path']);

export const clusterQuerySchema = z.strictObject({
  offset: z.int().min(0),
  limit: z.int().min(1).max(1000),
  sort: clusterSortSchema,
  kinds: z.array(clusterKindSchema).max(3).optional(),
  formats: z.array(documentFormatSchema).max(3).optional(),
  /** Only clusters with a file under this folder (one of the roots or below). */
  folder: z.string().max(4096).optional(),
  /** Case-insensitive substring of any file path. */
  search: z.string().max(1000).optional(),
});

export const clusterPageSchema = z.object({
  total: z.number(),
  totalReclaimable: z.number(),
  counts: z.object({ exact: z.number(), near: z.number(), contained: z.number() }),
  clusters: z.array(clusterSchema),
});

/** A file is named by its cluster and position, never by a path from the UI. */
export const fileRefSchema = z.strictObject({
  clusterId: z.string().min(1).max(200),
  fileIndex: z.int().min(0).max(1_000_000),
});

export const markSchema = z.enum(['keep', 'delete']);

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

export const clusterChangeSchema = z.object({
  event: z.enum(['cluster-added', 'cluster-changed', 'cluster-removed']),
  cluster: clusterSchema,
  /** cluster-changed: the id of the cluster this one replaces (its own id when the members kept their paths). */
  previousId: z.string().optional(),
});

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
  action: z.enum(['trash', 'delete']),
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
      state: z.enum(['pending', 'started', 'done', 'refused', 'failed', 'undone']),
      reason: z.string().optional(),
    }),
  ),
});

export const undoResultSchema = z.object({
  batchId: z.number(),
  outcomes: z.array(z.object({ path: z.string(), state: z.enum(['restored', 'nothing-to-do', 'refused']), reason: z.string().optional() })),
});
