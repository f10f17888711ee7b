// The one contract between the UI and the engine: every command with its request and response,
// every event with its payload. The renderer's client, the engine host and the test transport
// are derived from this object; the zod-free name lists in channels.ts (for the preload) are
// checked against its keys at compile time, both ways. Nothing is declared twice.
import { z } from 'zod';
import { appActionKinds } from './vocabulary.ts';
import type { CommandName, EventName } from './channels.ts';
import {
  actionPlanSchema,
  actionProgressSchema,
  actionRequestSchema,
  batchResultSchema,
  batchSummarySchema,
  clusterChangesSchema,
  clusterPageSchema,
  clusterQuerySchema,
  clusterSchema,
  dismissalSchema,
  fileRefSchema,
  folderFileSchema,
  folderMatchSchema,
  folderSideSchema,
  folderPurposeSchema,
  markSchema,
  planPageRequestSchema,
  planPageSchema,
  scanErrorPageSchema,
  scanProgressSchema,
  scanSettingsSchema,
  scanStateSchema,
  undoResultSchema,
  searchModeSchema,
} from './schemas.ts';
import { folderSummarySchema } from './schemas.ts';
import { fileMarkSchema, folderMarkCountSchema, folderMarkRequestSchema, includeKindSchema, markChangeSchema, markCountsSchema } from './schemas.ts';

const empty = z.strictObject({});

function command<Request extends z.ZodType, Response extends z.ZodType>(request: Request, response: Response) {
  return { request, response };
}

interface CommandSchemas {
  request: z.ZodType;
  response: z.ZodType;
}

export const engineCommands = {
  /** Opens the host's folder picker; the chosen folders are added to the roots (or reference roots). */
  chooseFolders: command(z.strictObject({ purpose: folderPurposeSchema }), z.object({ added: z.array(z.string()) })),
  /**
   * Adds folders dropped on the window. The page never names a path: it passes the tokens the
   * host issued for a real drop (the preload's `dropToken`), and the host tells the engine the
   * folders behind them. `skipped` lists the dropped paths that are not existing folders.
   */
  addDroppedFolders: command(
    z.strictObject({ purpose: folderPurposeSchema, tokens: z.array(z.string().min(1).max(200)).min(1).max(100) }),
    z.object({ added: z.array(z.string()), skipped: z.array(z.string()) }),
  ),
  getSettings: command(empty, scanSettingsSchema),
  /** Everything but the folders, which only the host's picker and drops add. */
  updateSettings: command(scanSettingsSchema.omit({ roots: true, referenceRoots: true }).partial().strict(), scanSettingsSchema),
  /** Removes a folder the engine listed in its settings. */
  removeFolder: command(z.strictObject({ purpose: folderPurposeSchema, path: z.string().min(1) }), scanSettingsSchema),
  startScan: command(empty, z.object({ scanId: z.string() })),
  cancelScan: command(empty, empty),
  getScanState: command(empty, scanStateSchema),
  /** The files the last scan could not read or passed over (code and reason), a page at a time. */
  listScanErrors: command(z.strictObject({ offset: z.int().min(0), limit: z.int().min(1).max(1000) }), scanErrorPageSchema),
  listClusters: command(clusterQuerySchema, clusterPageSchema),
  /** The last scan's duplicate folders, most matched bytes first. */
  listFolderMatches: command(empty, z.array(folderMatchSchema)),
  /** The files of one duplicate-folder pair, each marked against the other folder, from the results as they are now. */
  getFolderFiles: command(z.strictObject({ folderId: z.string().min(1).max(200) }), z.object({ a: z.array(folderFileSchema), b: z.array(folderFileSchema) })),
  /**
   * Plans the clean-up of one folder of a pair (side 'b': the second, else the first): its files
   * that are byte copies or the same text as a file of the other folder go, checked against those
   * twins; everything else stays, listed in the plan's `folder.staying`. Stored and applied like
   * previewActions' plans (applyActions with its planId).
   */
  previewFolderCleanup: command(z.strictObject({ folderId: z.string().min(1).max(200), side: folderSideSchema, action: z.enum(appActionKinds) }), actionPlanSchema),
  /** The folders holding clustered files (and those above them, up to the scan roots), for the folder filter and the keep rules' folders. */
  listClusterFolders: command(empty, z.object({ folders: z.array(z.object({ path: z.string(), clusters: z.number(), split: z.number() })) })),
  /**
   * Shows a report saved by `shingle scan --json` as the current results. The host's file picker
   * chooses the file and the engine reads and checks it: the page names no file and sends no
   * report. `clusters` is null when the picker was cancelled. The results follow no folder on
   * disk until the next scan.
   */
  openReport: command(empty, z.object({ clusters: z.number().nullable() })),
  getCluster: command(z.strictObject({ clusterId: z.string().min(1).max(200) }), clusterSchema.nullable()),
  /** The extracted text of a cluster's file, for the side-by-side view; plain text, never markup. Reading changes nothing: the path check is optional. */
  getDocumentText: command(fileRefSchema.partial({ path: true }), z.object({ text: z.string(), truncated: z.boolean() })),
  revealFile: command(fileRefSchema, empty),
  openFile: command(fileRefSchema, empty),
  setMark: command(fileRefSchema.extend({ mark: markSchema.nullable() }).strict(), empty),
  /** Marks by cluster id, then by file path (paths the engine reported). */
  getMarks: command(empty, z.record(z.string(), z.record(z.string(), markSchema))),
  /**
   * "Not duplicates": hides a cluster (or, with fileIndex and the path shown there, one file of
   * it) from these results and every later scan, the CLI's too. The engine takes the paths from
   * its own results; those the UI sends (every file it shows of the cluster) are only checked.
   */
  dismiss: command(
    z.union([z.strictObject({ clusterId: fileRefSchema.shape.clusterId, paths: z.array(fileRefSchema.shape.path).min(1).max(1_000_000) }), fileRefSchema]),
    z.object({ id: z.int() }),
  ),
  /** Forgets a dismissal; its files are shown again once the folders are read again (at once while they are followed). */
  restore: command(z.strictObject({ id: z.int().min(1) }), empty),
  listDismissed: command(empty, z.array(dismissalSchema)),
  /**
   * Plans a bulk action from the engine's current results (never from paths the UI sends) and
   * stores the plan: every file of every cluster in scope with its decision, the first page here.
   */
  previewActions: command(actionRequestSchema, actionPlanSchema),
  /** More clusters of a stored plan, for previews longer than one page. */
  getPlanPage: command(planPageRequestSchema, planPageSchema),
  /**
   * Runs exactly the stored plan, in the background (progress in actionProgress events). A file
   * changed since the preview is refused with its reason; the rest goes on. Permanent deletion
   * is confirmed by the host (a native dialog), never by anything in this payload.
   */
  applyActions: command(z.strictObject({ planId: z.string().min(1).max(100) }), z.object({ batchId: z.number() })),
  /** The batches of the journal, newest first, for the History view (app and CLI batches alike). */
  listBatches: command(empty, z.array(batchSummarySchema)),
  getBatchResult: command(z.strictObject({ batchId: z.int().min(1) }), batchResultSchema),
  /** Puts back what a batch trashed (files deleted permanently cannot come back). */
  undoBatch: command(z.strictObject({ batchId: z.int().min(1) }), undoResultSchema),
  /**
   * Stops the running batch before its next file (a hash under way stops too) and answers once it
   * has stopped. The steps done stay in the journal and can be undone; the batch is 'cancelled'.
   */
  cancelBatch: command(z.strictObject({ batchId: z.int().min(1) }), empty),
  /**
   * Sets many marks in one call (a bulk mark, or its undo), checked as a whole against the
   * engine's results: every file is the one shown at its position, no cluster is left with every
   * file Delete, no container nor reference folder's file is marked Delete. Refused whole, or made whole.
   */
  setMarks: command(z.strictObject({ marks: z.array(fileMarkSchema).min(1).max(1_000_000) }), empty),
  /** What markFolder would change, counted: to show before acting. */
  countFolderMarks: command(folderMarkRequestSchema, folderMarkCountSchema),
  /**
   * Marks every file in a folder listClusterFolders listed (or below it), across all clusters,
   * Keep or Delete (see folderMarkCountSchema for what stays). `files` is the count the page
   * showed: if the results changed since and the count differs, nothing is marked.
   */
  markFolder: command(folderMarkRequestSchema.extend({ files: z.int().min(0) }).strict(), z.object({ changes: z.array(markChangeSchema) })),
  /** How many Delete marks a clean-up by marks removes with these kinds included, and how many need another kind. */
  countMarks: command(z.strictObject({ include: z.array(includeKindSchema).max(2) }), markCountsSchema),
  /** How listClusters reads a search text, or why it cannot (an invalid or too long pattern), in one line. */
  checkSearch: command(z.strictObject({ search: z.string().max(1000) }), z.object({ mode: searchModeSchema, error: z.string().optional() })),
  /**
   * "Remove from results": the cluster leaves these results at once, for this session only. No
   * file is touched and nothing is stored as a dismissal: the next scan shows it again. The
   * paths are checked as dismiss's are.
   */
  removeFromResults: command(z.strictObject({ clusterId: fileRefSchema.shape.clusterId, paths: z.array(fileRefSchema.shape.path).min(1).max(1_000_000) }), empty),
  /**
   * Opens the host's folder picker for a move's destination and remembers the folder chosen:
   * previewActions with the action 'move' moves there (the page never names it). `folder` is null
   * when the picker was cancelled (the folder chosen before stays).
   */
  chooseMoveTarget: command(empty, z.object({ folder: z.string().nullable() })),
  /** The overview: every folder of the results with what removing its cluster files frees (shared/folders/folderSummary.ts), from the results as they are now. */
  getFolderSummary: command(empty, folderSummarySchema),
} as const satisfies Record<CommandName, CommandSchemas>;

export const engineEvents = {
  scanProgress: scanProgressSchema,
  scanState: scanStateSchema,
  clusterChanges: clusterChangesSchema,
  actionProgress: actionProgressSchema,
  /**
   * Told by the host, not the engine: the engine process kept crashing and was not started
   * again, so commands will fail until the app starts anew. `message` says so in one line.
   */
  engineStopped: z.strictObject({ message: z.string().min(1).max(500) }),
  /**
   * Told by the host, not the engine: the engine process died and a new one took its place. What
   * the old one was doing (a scan, a clean-up, a preview's plan) is gone; all else is read again.
   */
  engineRestarted: z.strictObject({}),
} as const satisfies Record<EventName, z.ZodType>;

// `satisfies Record<…>` refuses a missing name and, on these literals, an extra key: the name
// lists of channels.ts and the objects above hold the same names.
export type { CommandName, EventName } from './channels.ts';
export { commandNames, eventNames, isCommandName, isEventName } from './channels.ts';

export type EngineCommands = typeof engineCommands;
export type CommandRequest<C extends CommandName> = z.infer<EngineCommands[C]['request']>;
export type CommandResponse<C extends CommandName> = z.infer<EngineCommands[C]['response']>;
export type EventPayload<E extends EventName> = z.infer<(typeof engineEvents)[E]>;

/** The engine as the UI sees it: one async function per command, and event subscriptions. */
export type EngineApi = {
  [C in CommandName]: (request: CommandRequest<C>) => Promise<CommandResponse<C>>;
} & {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
};

/** Checks a request from the UI; throws a ContractError naming the command and the problem. */
export function parseRequest<C extends CommandName>(name: C, payload: unknown): CommandRequest<C> {
  const result = engineCommands[name].request.safeParse(payload);
  if (!result.success) throw new ContractError(`${name}: invalid request: ${z.prettifyError(result.error)}`);
  return result.data as CommandRequest<C>;
}

export class ContractError extends Error {
  override readonly name = 'ContractError';
}
