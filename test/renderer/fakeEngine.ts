// An in-memory engine for the store's tests: answers the contract's commands from a list of
// clusters, records every call, and lets a test emit events or hold answers back.
import { vi } from 'vitest';
import type { CommandRequest, CommandResponse, EngineApi, EventName, EventPayload } from '../../shared/contract/engineContract.ts';
import type { Cluster, FolderMatch, ScanError } from '../../shared/report.ts';
import type { ClusterQuery, MarksByCluster, ScanSettings, ScanState } from '../../renderer/engine/contractTypes.ts';
import { folderSummary } from '../../shared/folders/folderSummary.ts';
import { defaultScanOptions } from '../../shared/scanOptions.ts';
import { connectEngineEvents } from '../../renderer/store/engineEvents.ts';
import { createShingleStore } from '../../renderer/store/shingleStore.ts';

export function cluster(id: string, kind: Cluster['kind'] = 'near', paths = [`/docs/${id}-a.txt`, `/docs/${id}-b.txt`]): Cluster {
  return {
    id,
    kind,
    similarity: kind === 'exact' ? 1 : 0.8,
    reclaimable: 1000,
    files: paths.map((path) => ({ path, size: 1000, mtime: 0, format: 'text' as const })),
  };
}

export function manyClusters(count: number): Cluster[] {
  return Array.from({ length: count }, (_, i) => cluster(`c${i}`, i % 3 === 0 ? 'exact' : 'near'));
}

/** A plan of one file to remove, its clusters not listed. */
function fakePlan(planId: string, action: CommandRequest<'previewActions'>['action']): CommandResponse<'previewActions'> {
  return { planId, action, include: [], createdAt: 0, totals: { files: 1, bytes: 1000, clusters: 1, refused: 0 }, clusterCount: 0, clusters: [] };
}

export interface FakeEngine extends EngineApi {
  clusters: Cluster[];
  folderMatches: FolderMatch[];
  settings: ScanSettings;
  marks: MarksByCluster;
  scanState: ScanState;
  queries: ClusterQuery[];
  batches: CommandResponse<'listBatches'>;
  scanErrors: ScanError[];
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
}

export function createFakeEngine(clusters: Cluster[] = []): FakeEngine {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const engine: FakeEngine = {
    clusters,
    folderMatches: [],
    settings: { ...defaultScanOptions, roots: ['/docs'], referenceRoots: ['/archive'] },
    marks: {},
    scanState: { running: false, errors: 0 },
    queries: [],
    batches: [],
    scanErrors: [],
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener as (payload: unknown) => void);
      return () => set.delete(listener as (payload: unknown) => void);
    },
    chooseFolders: vi.fn(async () => ({ added: [] })),
    // The fake host's drop tokens are the paths themselves.
    addDroppedFolders: vi.fn(async ({ purpose, tokens: paths }: CommandRequest<'addDroppedFolders'>) => {
      const added = paths.filter((path) => !path.endsWith('.txt'));
      engine.settings = { ...engine.settings, [purpose]: [...engine.settings[purpose], ...added] };
      return { added, skipped: paths.filter((path) => path.endsWith('.txt')) };
    }),
    getSettings: vi.fn(async () => engine.settings),
    updateSettings: vi.fn(async (patch) => (engine.settings = { ...engine.settings, ...patch })),
    removeFolder: vi.fn(async ({ purpose, path }: CommandRequest<'removeFolder'>) => {
      const folders: string[] = engine.settings[purpose];
      return (engine.settings = { ...engine.settings, [purpose]: folders.filter((folder) => folder !== path) });
    }),
    startScan: vi.fn(async () => ({ scanId: 'scan-1' })),
    cancelScan: vi.fn(async () => ({})),
    getScanState: vi.fn(async () => engine.scanState),
    listClusters: vi.fn(async (query) => {
      engine.queries.push(query);
      const matching = engine.clusters.filter(
        (c) => (!query.kinds || query.kinds.includes(c.kind)) && (!query.search || c.files.some((f) => f.path.includes(query.search!))),
      );
      const counts = { exact: 0, near: 0, contained: 0 };
      for (const c of matching) counts[c.kind]++;
      return {
        total: matching.length,
        totalReclaimable: matching.reduce((sum, c) => sum + c.reclaimable, 0),
        counts,
        clusters: matching.slice(query.offset, query.offset + query.limit),
      };
    }),
    listFolderMatches: vi.fn(async () => engine.folderMatches),
    listClusterFolders: vi.fn(async () => ({ folders: [] })),
    getFolderFiles: vi.fn(async () => ({ a: [], b: [] })),
    previewFolderCleanup: vi.fn(async ({ folderId, action }: CommandRequest<'previewFolderCleanup'>) => ({
      ...fakePlan('folder-plan-1', action),
      folder: { folderId, kept: '/docs/Documents', cleaned: '/docs/Backup', staying: [{ path: '/docs/Backup/own.txt', state: 'only-here' as const, reason: 'only in this folder: stays' }] },
    })),
    openReport: vi.fn(async () => ({ clusters: null })),
    getCluster: vi.fn(async ({ clusterId }) => engine.clusters.find((c) => c.id === clusterId) ?? null),
    getDocumentText: vi.fn(async ({ clusterId, fileIndex }) => ({ text: `text of ${clusterId} #${fileIndex}`, truncated: false })),
    revealFile: vi.fn(async () => ({})),
    openFile: vi.fn(async () => ({})),
    setMark: vi.fn(async () => ({})),
    getMarks: vi.fn(async () => engine.marks),
    setMarks: vi.fn(async () => ({})),
    countFolderMarks: vi.fn(async () => ({ files: 0, clusters: 0, lastCopies: 0, reference: 0, othersGo: 0 })),
    markFolder: vi.fn(async () => ({ changes: [] })),
    countMarks: vi.fn(async () => ({ marked: 0, willGo: 0, need: { near: 0, contained: 0 } })),
    dismiss: vi.fn(async () => ({ id: 1 })),
    restore: vi.fn(async () => ({})),
    listDismissed: vi.fn(async () => []),
    checkSearch: vi.fn(async () => ({ mode: 'text' as const })),
    removeFromResults: vi.fn(async () => ({})),
    chooseMoveTarget: vi.fn(async () => ({ folder: null })),
    previewActions: vi.fn(async ({ action }: CommandRequest<'previewActions'>) => fakePlan('plan-1', action)),
    getPlanPage: vi.fn(async ({ planId, offset }: CommandRequest<'getPlanPage'>) => ({ planId, offset, clusterCount: 0, clusters: [] })),
    applyActions: vi.fn(async () => ({ batchId: 1 })),
    listBatches: vi.fn(async () => engine.batches),
    listScanErrors: vi.fn(async ({ offset, limit }: CommandRequest<'listScanErrors'>) => ({ total: engine.scanErrors.length, errors: engine.scanErrors.slice(offset, offset + limit) })),
    getBatchResult: vi.fn(async ({ batchId }: CommandRequest<'getBatchResult'>) => ({
      batchId,
      action: 'trash',
      running: false,
      undone: false,
      steps: [{ clusterId: 'c1', path: '/docs/c1-b.txt', state: 'done' as const }],
    })),
    cancelBatch: vi.fn(async () => ({})),
    undoBatch: vi.fn(async ({ batchId }: CommandRequest<'undoBatch'>) => ({ batchId, outcomes: [{ path: '/docs/c1-b.txt', state: 'restored' as const }] })),
    getFolderSummary: vi.fn(async () => folderSummary(engine.clusters, ['/docs'])),
  };
  return engine;
}

/** Lets pending promise callbacks (the engine's answers) run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

/** A store over a fake engine holding `clusters`, its events connected, the list loaded and the first cluster open. */
export async function storeWithFirstClusterOpen(clusters: Cluster[]) {
  const engine = createFakeEngine(clusters);
  const store = createShingleStore(engine);
  connectEngineEvents(engine, store);
  await store.getState().refreshClusters({ reset: true });
  await store.getState().selectClusterAt(0);
  return { engine, store };
}
