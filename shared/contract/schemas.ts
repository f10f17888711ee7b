// Runtime schemas of the values that cross between the UI and the engine. Every payload is
// checked against these on the engine side before it reaches the service.
import { z } from 'zod';
import type { Cluster, FolderMatch, ReportFile, ScanError } from '../report.ts';
import type { ScanOptions, ScanProgress } from '../scanOptions.ts';

export const clusterKindSchema = z.enum(['exact', 'near', 'contained']);
export const documentFormatSchema = z.enum(['text', 'html', 'pdf', 'docx', 'odt', 'rtf', 'epub']);

export const reportFileSchema = z.object({
  path: z.string(),
  size: z.number(),
  mtime: z.number(),
  ctime: z.number().optional(),
  hash: z.string().optional(),
  links: z.array(z.string()).optional(),
  format: documentFormatSchema.optional(),
  words: z.number().optional(),
  identical: z.enum(['bytes', 'text']).optional(),
  similarity: z.number().optional(),
  matches: z.string().optional(),
}) satisfies z.ZodType<ReportFile>;

export const clusterSchema = z.object({
  id: z.string(),
  kind: clusterKindSchema,
  similarity: z.number(),
  reclaimable: z.number(),
  files: z.array(reportFileSchema),
  description: z.string().optional(),
}) satisfies z.ZodType<Cluster>;

export const folderMatchSchema = z.object({
  id: z.string(),
  kind: z.literal('folder'),
  folders: z.tuple([z.string(), z.string()]),
  similarity: z.number(),
  matchedBytes: z.number(),
  matchedFiles: z.number(),
  onlyInA: z.array(z.string()),
  onlyInB: z.array(z.string()),
}) satisfies z.ZodType<FolderMatch>;
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
  folders: z.boolean().optional(),
  folderThreshold: z.number().gt(0).lte(1).optional(),
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
  formats: z.array(documentFormatSchema).max(documentFormatSchema.options.length).optional(),
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

/** A file the scan could not read or passed over, as the CLI's `errors[]` lists it. */
export const scanErrorSchema = z.object({ path: z.string(), code: z.string(), message: z.string() }) satisfies z.ZodType<ScanError>;

export const scanErrorPageSchema = z.object({ total: z.number(), errors: z.array(scanErrorSchema) });

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

/** The kinds of removal beyond byte copies and same text in another format, which are always in. */
export const includeKindSchema = z.enum(['near', 'contained']);

/**
 * A bulk action over the current results (issue: bulk review and safe deletion). Files are never
 * named here: the engine plans from its own report, the clusters in scope, the marks and the rules.
 */
export const actionRequestSchema = z.strictObject({
  /** The clusters in scope; all of them when left out. */
  clusterIds: z.array(z.string().min(1).max(200)).max(100_000).optional(),
  /** Keep rules in their CLI form (shared/selection/keepRules.ts): newest, in:/folder, format:pdf>html… */
  rules: z.array(z.string().min(1).max(4200)).max(20),
  /** The person's marks come first: the rules decide only the clusters with no mark. */
  useMarks: z.boolean(),
  /**
   * Edited versions ('near') and excerpts ('contained') are removed only when included here; by
   * default only byte copies and the same text in another format are. A container never is.
   */
  include: z.array(includeKindSchema).max(2).optional(),
  action: z.enum(['trash', 'delete']),
});

/** How a file relates to the file it duplicates (`matches`), or 'kept' / 'container' for the ones that stay. */
export const planRelationSchema = z.enum(['kept', 'copy', 'same-text', 'edited', 'excerpt', 'container']);

export const planFileSchema = z.object({
  /** Its index in the cluster as listClusters shows it. */
  fileIndex: z.number(),
  path: z.string(),
  size: z.number(),
  decision: z.enum(['keep', 'remove', 'refused']),
  /** Why a file stays that the person or the rules might expect to go, or why it is refused. */
  reason: z.string().optional(),
  relation: planRelationSchema,
  /** Resemblance (edited) or containment (excerpt) as the scan measured it. */
  similarity: z.number().optional(),
  /** The path of the file it duplicates: its byte twin for a copy, the kept member otherwise. */
  matches: z.string().optional(),
});

export const planClusterSchema = z.object({ clusterId: z.string(), kind: clusterKindSchema, files: z.array(planFileSchema) });

/** At most this many clusters come with a plan or a page of it; getPlanPage lists the rest. */
export const PLAN_PAGE_CLUSTERS = 500;

/**
 * What an action will do, file by file. Stored by the engine under `planId`: applyActions runs
 * exactly this plan. `clusters` holds the first page (PLAN_PAGE_CLUSTERS); `clusterCount` says how
 * many there are in all, and getPlanPage returns the others — every file is listed, none dropped.
 */
export const actionPlanSchema = z.object({
  planId: z.string(),
  action: z.enum(['trash', 'delete']),
  include: z.array(includeKindSchema),
  createdAt: z.number(),
  totals: z.object({
    /** Files to remove, their bytes, the clusters with at least one, the files refused. */
    files: z.number(),
    bytes: z.number(),
    clusters: z.number(),
    refused: z.number(),
  }),
  /** Every cluster in scope (also those where everything stays), in plan order. */
  clusterCount: z.number(),
  clusters: z.array(planClusterSchema),
});

export const planPageRequestSchema = z.strictObject({
  planId: z.string().min(1).max(100),
  offset: z.int().min(0),
  limit: z.int().min(1).max(PLAN_PAGE_CLUSTERS),
});

export const planPageSchema = z.object({ planId: z.string(), offset: z.number(), clusterCount: z.number(), clusters: z.array(planClusterSchema) });

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

/** One batch for the History view; `files` and `bytes` count what was done, `planned` what was asked. */
export const batchSummarySchema = z.object({
  batchId: z.number(),
  startedAt: z.number(),
  action: z.enum(['trash', 'delete', 'hardlink', 'move']),
  files: z.number(),
  bytes: z.number(),
  planned: z.number(),
  state: z.enum(['running', 'done', 'cancelled']),
  undone: z.boolean(),
  /** False for permanent deletion and for batches already undone. */
  undoable: z.boolean(),
});

export const undoResultSchema = z.object({
  batchId: z.number(),
  /** 'refused' means not restored, with the reason (e.g. its copy in the trash is gone). */
  outcomes: z.array(z.object({ path: z.string(), state: z.enum(['restored', 'nothing-to-do', 'refused']), reason: z.string().optional() })),
});
