// Runtime schemas of the values that cross between the UI and the engine, and of the report the
// CLI prints and reads back. They are the one declaration: the TypeScript types (shared/report.ts,
// shared/scanOptions.ts, the contract's) are inferred from them, and their closed sets of values
// come from vocabulary.ts. A new field is added here, once, with its comment.
import { z } from 'zod';
import { ocrLanguageCodes } from '../ocrLanguages.ts';
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
  includeKinds,
  marks,
  nearMethods,
  scanPhases,
  undoStates,
  searchModes,
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
  /**
   * Inode change time (ms), as the scan saw it: set by the kernel on any write, so apply notices
   * content rewritten with its old size and mtime. Absent in reports from before it was added.
   */
  ctime: z.number().optional(),
  /** The xxh3-128 of the whole content, where the scan read it all (exact clusters). */
  hash: z.string().optional(),
  /** Other names of this same file (hard links). They share its bytes, so they are never reclaimable. */
  links: z.array(z.string()).optional(),
  format: documentFormatSchema.optional(),
  words: z.number().optional(),
  /**
   * Near and contained clusters: 'bytes' when an earlier file of the cluster has exactly these
   * bytes, 'text' when one has the same canonical text (e.g. the .html of a .txt).
   */
  identical: z.enum(identicalKinds).optional(),
  /** Near and contained clusters: resemblance to (or containment in) the file named by `matches`. */
  similarity: z.number().optional(),
  /**
   * Near and contained clusters: the path of the member this file really matches — the first file
   * (the representative, or the container) for most, another member for a document whose partners
   * all joined this cluster around another representative.
   */
  matches: z.string().optional(),
  /**
   * Near clusters: `similarity` is the sketch's (MinHash) estimate, taken without reading the two
   * texts again because it clears the threshold by far; it may be off by a few points either way.
   * Absent when the figure was measured on the texts. Opening the cluster in the app measures it.
   */
  estimated: z.boolean().optional(),
  /** Read with OCR from pictures of pages (a scan): never 'identical' to a document it was scanned from. */
  scanned: z.boolean().optional(),
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
  /** Some member's figure is an estimate (see reportFileSchema's `estimated`), so the cluster's may be too. */
  estimated: z.boolean().optional(),
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

/**
 * Two folders whose files are mostly copies of each other's (byte-identical or the same text),
 * listed in the report's own `folders` array beside the clusters. `folders`: the fuller first;
 * removing the second's matched files frees `matchedBytes`. `similarity`: the smaller of the shares
 * of bytes and of files (of both folders) that have a copy in the other.
 */
export const folderMatchSchema = z.object({
  id: z.string(),
  kind: z.literal('folder'),
  folders: z.tuple([z.string(), z.string()]),
  similarity: z.number(),
  matchedBytes: z.number(),
  matchedFiles: z.number(),
  onlyInA: z.array(z.string()),
  onlyInB: z.array(z.string()),
  /** The files with a copy in the other folder, so that both folders' files are listed; absent in reports from before they were added. */
  matchedInA: z.array(z.string()).optional(),
  matchedInB: z.array(z.string()).optional(),
});

/** The pair's first folder ('a', the fuller) or its second ('b'). */
export const folderSideSchema = z.enum(['a', 'b']);

/**
 * A file of a duplicate-folder pair, marked against the other folder: 'matched' when a byte copy
 * or the same text is there, 'changed' when only an edited version (or excerpt) is, else 'only-here'.
 */
export const folderFileSchema = z.object({
  path: z.string(),
  /** Known for the files in clusters; files only in one folder are listed by path alone. */
  size: z.number().optional(),
  state: z.enum(['matched', 'changed', 'only-here']),
  /** Its copy (matched) or the file it resembles (changed) in the other folder. */
  counterpart: z.string().optional(),
});

/** The `shingle scan --json` document. Its version is checked where a report is read. */
export const scanReportSchema = z.object({
  version: z.literal(1),
  roots: z.array(z.string()),
  stats: scanStatsSchema,
  clusters: z.array(clusterSchema),
  /** Files with more than one name among the scanned paths. Reported, never reclaimable. */
  hardlinks: z.array(hardLinkSetSchema).optional(),
  /** Duplicate folders, most matched bytes first; left out when not computed (`--no-folders`). */
  folders: z.array(folderMatchSchema).optional(),
  errors: z.array(scanErrorSchema),
  /** The languages OCR read the scans in, when the scan read scans: a check before an action reads them again in the same. */
  ocrLanguages: z.array(z.enum(ocrLanguageCodes)).min(1).optional(),
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
  /** Look for duplicate folders after clustering (default true). */
  folders: z.boolean().optional(),
  /** Least similarity of a reported folder pair (default DEFAULT_FOLDER_THRESHOLD). */
  folderThreshold: z.number().gt(0).lte(1).optional(),
  /** Only clusters whose files lie in at least two of the roots (shared/acrossFolders.ts). */
  across: z.boolean().optional(),
  /** Read scanned documents (PDFs without a text layer) with OCR (default false: they are counted, not compared). */
  ocr: z.boolean().optional(),
  /** The languages OCR reads scans in (shared/ocrLanguages.ts; default English). */
  ocrLanguages: z.array(z.enum(ocrLanguageCodes)).min(1).max(ocrLanguageCodes.length).optional(),
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
  /** The page OCR is reading of the scan at currentPath, while it reads one. */
  scanPage: z.object({ page: z.number(), pages: z.number() }).optional(),
});

export const clusterSortSchema = z.enum(clusterSorts);

/** The most clusters one listClusters answer holds. */
export const CLUSTER_PAGE_LIMIT = 1000;

export const clusterQuerySchema = z.strictObject({
  offset: z.int().min(0),
  limit: z.int().min(1).max(CLUSTER_PAGE_LIMIT),
  sort: clusterSortSchema,
  kinds: z.array(clusterKindSchema).max(clusterKinds.length).optional(),
  formats: z.array(documentFormatSchema).max(documentFormats.length).optional(),
  /** Only clusters with a file under this folder (one of the roots or below). */
  folder: z.string().max(4096).optional(),
  /**
   * Matched against every file path: a case-insensitive substring; with * or ? a case-insensitive
   * wildcard pattern (electron/node/service/pathSearch.ts); between slashes, /a regular expression/.
   */
  search: z.string().max(1000).optional(),
});

export const searchModeSchema = z.enum(searchModes);

export const clusterPageSchema = z.object({
  total: z.number(),
  totalReclaimable: z.number(),
  counts: z.record(clusterKindSchema, z.number()),
  clusters: z.array(clusterSchema),
  /** The document formats the files of all clusters have, whatever the filter: the ones worth filtering by. */
  formats: z.array(documentFormatSchema).optional(),
});

/**
 * A file is named by its cluster and position, never by a path from the UI. `path` is the one the
 * UI shows at that position, only checked: a list seen before a rescan or a change on disk may
 * hold another file there now (an exact cluster keeps its id when a copy joins it), and the
 * engine then refuses rather than act on a file the person did not see.
 */
export const fileRefSchema = z.strictObject({
  clusterId: z.string().min(1).max(200),
  fileIndex: z.int().min(0).max(1_000_000),
  // Windows' longest extended path; a path the engine reported is never longer.
  path: z.string().min(1).max(32_767),
});

export const markSchema = z.enum(marks);

/**
 * "Not duplicates": a cluster (no `file`) or one file of it the person dismissed, kept by the
 * cluster's member paths when dismissed (ids change with members), newest first in lists.
 */
export const dismissalSchema = z.object({
  id: z.int(),
  paths: z.array(z.string()),
  file: z.string().optional(),
  dismissedMs: z.number(),
});

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
  /** Of `errors`, the scanned documents left unread because the scan did not read scans (ESCAN). */
  scansNotRead: z.number().optional(),
});

/** Set on a change the engine's own clean-up or undo made (not one seen on disk): the app shows it with the batch's end, never as a surprise. */
const byActionSchema = z.literal(true).optional();
export const clusterChangeSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('cluster-added'), cluster: clusterSchema, byAction: byActionSchema }),
  /** The cluster that replaces the one last reported as `previousId` (its own id when the members kept their paths). */
  z.object({ event: z.literal('cluster-changed'), cluster: clusterSchema, previousId: z.string(), byAction: byActionSchema }),
  /** The cluster as last reported. */
  z.object({ event: z.literal('cluster-removed'), cluster: clusterSchema, byAction: byActionSchema }),
]);
export type ClusterChange = z.infer<typeof clusterChangeSchema>;
/**
 * One update of the results, told whole: a clean-up of 100 files is one event, not 100 (each one
 * an IPC message checked against the contract and a store update in the page).
 */
export const clusterChangesSchema = z.object({ changes: z.array(clusterChangeSchema).min(1) });

/** The kinds of removal beyond byte copies and same text in another format, which are always in. */
export const includeKindSchema = z.enum(includeKinds);

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
  action: z.enum(appActionKinds),
});

/** How a file relates to the file it duplicates (`matches`), or 'kept' / 'container' for the ones that stay. */
/** 'same-words': the same words with other punctuation or case, an edit (removed only with near included). */
export const planRelationSchema = z.enum(['kept', 'copy', 'same-text', 'edited', 'excerpt', 'container', 'same-words']);

export const planFileSchema = z.object({
  /** Its index in the cluster as listClusters shows it. */
  fileIndex: z.number(),
  path: z.string(),
  size: z.number(),
  decision: z.enum(['keep', 'remove', 'refused']),
  /** Why a file stays that the person or the rules might expect to go, or why it is refused. */
  reason: z.string().optional(),
  relation: planRelationSchema,
  /**
   * Resemblance (edited) to, or containment (excerpt) in, the file `matches` names, as the scan
   * measured it; with `atLeast`, the least the scan's measures through other members vouch for.
   */
  similarity: z.number().optional(),
  atLeast: z.literal(true).optional(),
  /** The path of the file it duplicates: its byte twin for a copy, the kept member otherwise. */
  matches: z.string().optional(),
  /** For a move: the path the file will have, folders below the target included (numbered if taken). */
  lands: z.string().optional(),
});

export const planClusterSchema = z.object({ clusterId: z.string(), kind: clusterKindSchema, files: z.array(planFileSchema) });

/**
 * A folder clean-up's plan, beside its clusters: which folder is cleaned up, which one keeps the
 * twins, and every file of the cleaned folder the clusters do not list, each staying with why.
 */
export const folderPlanSchema = z.object({
  folderId: z.string(),
  kept: z.string(),
  cleaned: z.string(),
  staying: z.array(folderFileSchema.extend({ reason: z.string() })),
});

/** At most this many clusters come with a plan or a page of it; getPlanPage lists the rest. */
export const PLAN_PAGE_CLUSTERS = 500;

/**
 * What an action will do, file by file. Stored by the engine under `planId`: applyActions runs
 * exactly this plan. `clusters` holds the first page (PLAN_PAGE_CLUSTERS); `clusterCount` says how
 * many there are in all, and getPlanPage returns the others — every file is listed, none dropped.
 */
export const actionPlanSchema = z.object({
  planId: z.string(),
  action: z.enum(appActionKinds),
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
  /** Set for a folder clean-up (previewFolderCleanup). */
  folder: folderPlanSchema.optional(),
  /** For a move: the folder the files go to, the one the host's picker produced (chooseMoveTarget). */
  moveTo: z.string().optional(),
  /** What the engine's look at the disk could not check, said plainly ("extended attributes … not compared: install attr"). */
  notes: z.array(z.string()).optional(),
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
      state: z.enum(batchStepStates),
      reason: z.string().optional(),
    }),
  ),
});

/** One batch for the History view; `files` and `bytes` count what was done, `planned` what was asked. */
export const batchSummarySchema = z.object({
  batchId: z.number(),
  startedAt: z.number(),
  action: actionKindSchema,
  files: z.number(),
  bytes: z.number(),
  planned: z.number(),
  state: z.enum(['running', 'done', 'cancelled', 'interrupted']),
  undone: z.boolean(),
  /** False for permanent deletion and for batches already undone. */
  undoable: z.boolean(),
});

export const undoResultSchema = z.object({
  batchId: z.number(),
  /** 'refused' means not restored, with the reason (e.g. its copy in the trash is gone). */
  outcomes: z.array(z.object({ path: z.string(), state: z.enum(undoStates), reason: z.string().optional() })),
});

/** One file's mark in a bulk change (setMarks): the file as fileRefSchema names it, its new mark (null clears it). */
export const fileMarkSchema = fileRefSchema.extend({ mark: markSchema.nullable() }).strict();

/** A folder's bulk mark: one of the folders listClusterFolders listed, and Keep or Delete for every file of every cluster in it. */
export const folderMarkRequestSchema = z.strictObject({ folder: z.string().min(1).max(32_767), mark: markSchema });

/** What a folder's bulk mark touches, told before it is made. */
export const folderMarkCountSchema = z.object({
  /** Files whose mark changes. */
  files: z.number(),
  /** Clusters with at least one of them. */
  clusters: z.number(),
  /** Clusters whose every other file would be Delete: one file in the folder stays, marked Keep. */
  lastCopies: z.number(),
  /** Files in the folder that are in a reference folder: never marked Delete. */
  reference: z.number(),
  /** Keep only: unmarked files outside the folder that a clean-up by marks then removes (their cluster has a Keep and no Delete). */
  othersGo: z.number(),
});

/** A mark as it was and as it is, for the page's undo of a bulk mark. */
export const markChangeSchema = z.object({
  clusterId: z.string(),
  fileIndex: z.number(),
  path: z.string(),
  before: markSchema.nullable(),
  after: markSchema.nullable(),
});

/** The files marked Delete, and how many of them a clean-up by marks removes with the kinds included. */
export const markCountsSchema = z.object({
  marked: z.number(),
  willGo: z.number(),
  need: z.object({ near: z.number(), contained: z.number() }),
});

/** What removing files frees, by how the removed file relates to the copy that stays (shared/folders/folderSummary.ts). */
export const reclaimFiguresSchema = z.object({
  /** Byte copies: removable always. */
  copyBytes: z.number(),
  copyFiles: z.number(),
  /** The same text in another format (or another encoding): removable always. */
  sameTextBytes: z.number(),
  sameTextFiles: z.number(),
  /** Edited versions and excerpts (and the same words with other punctuation or case): removable only when the person includes them. */
  editedBytes: z.number(),
  editedFiles: z.number(),
});

/**
 * One folder of the overview: what removing the cluster files in it (and below it) would free,
 * one file of each cluster staying (outside the folder when the cluster has files there, else
 * the cluster's first file). `parent`: the index of the folder above it in the list, -1 for a
 * scan root (or a folder outside every root).
 */
export const folderReclaimSchema = reclaimFiguresSchema.extend({
  path: z.string(),
  parent: z.int(),
  /** Clusters with a file in this folder or below it. */
  clusters: z.number(),
});

/** The overview of the results: every folder holding a clustered file and those above it up to the roots, parents before children; `total` is the whole results' (the clusters' reclaimable space). */
export const folderSummarySchema = z.object({
  folders: z.array(folderReclaimSchema),
  total: reclaimFiguresSchema,
});
