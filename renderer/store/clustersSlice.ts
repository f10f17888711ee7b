// The cluster list, fetched a page at a time as it scrolls: the filters, the figures the engine
// gives for them, and the pages loaded so far. Changing a filter starts a new generation:
// paging restarts and answers for older generations are dropped.
import type { Cluster, ClusterKind, DocumentFormat } from '../../shared/report.ts';
import { clusterKinds, documentFormats } from '../../shared/contract/vocabulary.ts';
import type { ClusterChange, ClusterPage, ClusterQuery, ClusterSort } from '../engine/contractTypes.ts';
import type { ShingleState, SliceCreator } from './storeTypes.ts';

export const PAGE_SIZE = 200;
/** Pages kept around the visible ones; 100,000 clusters never all sit in memory. */
const KEPT_PAGES = 12;
/** Added and removed clusters shift every row below them; they come in bursts. */
const REFRESH_DELAY_MS = 300;

export const ALL_KINDS: readonly ClusterKind[] = clusterKinds;
export const ALL_FORMATS: readonly DocumentFormat[] = documentFormats;

export interface ClusterFilters {
  sort: ClusterSort;
  /** Kinds shown; all of them means no filter. */
  kinds: ClusterKind[];
  formats: DocumentFormat[];
  /** Only clusters with a file below this folder. */
  folder: string | null;
  /** Substring of any file path. */
  search: string;
}

export type ListSummary = Omit<ClusterPage, 'clusters'>;

export interface ClustersSlice {
  filters: ClusterFilters;
  listSummary: ListSummary | null;
  pages: Record<number, Cluster[]>;
  listGeneration: number;
  setFilters(patch: Partial<ClusterFilters>): Promise<void>;
  /** Fetches the list again; `reset` drops the loaded rows first (new filters), else they stay until the new ones arrive. */
  refreshClusters(options?: { reset?: boolean }): Promise<void>;
  ensureClusterRange(first: number, last: number): Promise<void>;
  /** One update of the results from the engine (its clusterChanges event). */
  applyClusterChanges(changes: readonly ClusterChange[]): void;
  /** The app's own clean-up or undo starts: its changes are held until settleOwnChanges. */
  beginOwnChanges(): void;
  /**
   * It has ended, the engine's results with it: the list, its figures and the open cluster show
   * its outcome in one update. A cluster it removed that was open gives way to the next one.
   */
  settleOwnChanges(): Promise<void>;
}

export const defaultFilters: ClusterFilters = { sort: 'reclaimable', kinds: [...ALL_KINDS], formats: [...ALL_FORMATS], folder: null, search: '' };

export function clusterAt(state: Pick<ShingleState, 'pages'>, index: number): Cluster | undefined {
  return state.pages[Math.floor(index / PAGE_SIZE)]?.[index % PAGE_SIZE];
}

export function indexOfCluster(state: Pick<ShingleState, 'pages'>, clusterId: string): number | null {
  for (const [page, clusters] of Object.entries(state.pages)) {
    const at = clusters.findIndex((c) => c.id === clusterId);
    if (at >= 0) return Number(page) * PAGE_SIZE + at;
  }
  return null;
}

/** The engine's query for one page; filters that select everything are left out. */
export function clusterQuery(filters: ClusterFilters, page: number): ClusterQuery {
  const query: ClusterQuery = { offset: page * PAGE_SIZE, limit: PAGE_SIZE, sort: filters.sort };
  if (filters.kinds.length < ALL_KINDS.length) query.kinds = filters.kinds;
  if (filters.formats.length < ALL_FORMATS.length) query.formats = filters.formats;
  if (filters.folder) query.folder = filters.folder;
  const search = filters.search.trim();
  if (search) query.search = search;
  return query;
}

/** What the changes did to the cluster `id`, followed through its new ids: its last version, or its removal; undefined if untouched. */
function openClusterAfter(id: string, changes: readonly ClusterChange[]): ClusterChange | undefined {
  let fate: ClusterChange | undefined;
  for (const change of changes) {
    const from = change.event === 'cluster-changed' ? change.previousId : change.cluster.id;
    if (from !== id || change.event === 'cluster-added') continue;
    fate = change;
    if (change.event === 'cluster-removed') break;
    id = change.cluster.id;
  }
  return fate;
}

function summaryOf(page: ClusterPage): ListSummary {
  return { total: page.total, totalReclaimable: page.totalReclaimable, counts: page.counts, formats: page.formats };
}

/** The pages nearest to the wanted ones, at most KEPT_PAGES of them. */
function keepNear(pages: Record<number, Cluster[]>, first: number, last: number): Record<number, Cluster[]> {
  const distance = (page: number) => (page < first ? first - page : page > last ? page - last : 0);
  const kept = Object.keys(pages)
    .map(Number)
    .sort((a, b) => distance(a) - distance(b))
    .slice(0, KEPT_PAGES);
  return Object.fromEntries(kept.map((page) => [page, pages[page]!]));
}

export const createClustersSlice: SliceCreator<ClustersSlice> = ({ set, get, engine }) => {
  const pending = new Set<string>();
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  /** Own clean-ups and undos under way, and the changes they made so far. */
  let ownRunning = 0;
  let held: ClusterChange[] = [];

  /** The list's pages and figures as the engine has them now, for the current filters; null when outdated or failed. */
  async function fetchList(reset: boolean): Promise<Pick<ClustersSlice, 'pages' | 'listSummary'> | null> {
    clearTimeout(refreshTimer);
    const generation = get().listGeneration + 1;
    const loaded = Object.keys(get().pages).map(Number);
    const wanted = reset || loaded.length === 0 ? [0] : loaded;
    set({ listGeneration: generation, ...(reset ? { pages: {}, listSummary: null, selectedIndex: null } : {}) });
    try {
      const filters = get().filters;
      const results = await Promise.all(wanted.map((page) => engine.listClusters(clusterQuery(filters, page))));
      if (get().listGeneration !== generation) return null;
      return { pages: Object.fromEntries(wanted.map((page, i) => [page, results[i]!.clusters])), listSummary: summaryOf(results[0]!) };
    } catch (error) {
      get().reportError(error);
      return null;
    }
  }

  /** After new rows arrive: where the selected cluster is now, or the first cluster when none is open. */
  function followSelection() {
    const state = get();
    if (state.cluster) set({ selectedIndex: indexOfCluster(state, state.cluster.id) });
    else if (state.listSummary && state.listSummary.total > 0) void state.selectClusterAt(0);
  }

  return {
    filters: defaultFilters,
    listSummary: null,
    pages: {},
    listGeneration: 0,

    async setFilters(patch) {
      set({ filters: { ...get().filters, ...patch } });
      await get().refreshClusters({ reset: true });
    },

    async refreshClusters({ reset = false } = {}) {
      const list = await fetchList(reset);
      if (!list) return;
      set(list);
      followSelection();
    },

    async ensureClusterRange(first, last) {
      const { listGeneration: generation, filters, pages } = get();
      const firstPage = Math.floor(Math.max(0, first) / PAGE_SIZE);
      const lastPage = Math.floor(Math.max(0, last) / PAGE_SIZE);
      const missing: number[] = [];
      for (let page = firstPage; page <= lastPage; page++) {
        const key = `${generation}:${page}`;
        if (!pages[page] && !pending.has(key)) missing.push(page);
      }
      await Promise.all(
        missing.map(async (page) => {
          const key = `${generation}:${page}`;
          pending.add(key);
          try {
            const result = await engine.listClusters(clusterQuery(filters, page));
            if (get().listGeneration !== generation) return;
            set({ pages: keepNear({ ...get().pages, [page]: result.clusters }, firstPage, lastPage), listSummary: summaryOf(result) });
          } catch (error) {
            get().reportError(error);
          } finally {
            pending.delete(key);
          }
        }),
      );
    },

    applyClusterChanges(changes) {
      changes.forEach((change) => get().followUndoSteps(change));
      const own = changes.filter((change) => change.byAction);
      const seen = changes.filter((change) => !change.byAction);
      if (own.length > 0) {
        held.push(...own);
        // Told after its batch or undo was answered (events and answers travel apart): shown now.
        if (ownRunning === 0) void get().settleOwnChanges();
      }
      if (seen.length === 0) return;
      // A changed cluster may have a new id (a member added, renamed or deleted): it replaces the one it names.
      const pages = get().pages;
      const updated: Record<number, Cluster[]> = {};
      let movedMarks = false;
      for (const change of seen) {
        if (change.event !== 'cluster-changed') continue;
        for (const [page, clusters] of Object.entries(pages)) {
          const rows = updated[Number(page)] ?? clusters;
          const at = rows.findIndex((c) => c.id === change.previousId);
          if (at >= 0) updated[Number(page)] = rows.with(at, change.cluster);
        }
        movedMarks ||= change.previousId !== change.cluster.id;
      }
      if (Object.keys(updated).length > 0) set({ pages: { ...pages, ...updated } });
      // The engine moved the marks of the files still in it to the new id.
      if (movedMarks) void get().loadMarks();
      // Added and removed clusters shift the rows; a changed one changes the totals (a clean-up
      // step frees its space): the list and its figures are fetched again once a burst is over.
      clearTimeout(refreshTimer);
      // The engine also drops the marks of files that left.
      refreshTimer = setTimeout(() => void Promise.all([get().refreshClusters(), get().loadMarks()]), REFRESH_DELAY_MS);
      for (const change of seen) {
        const replacedId = change.event === 'cluster-changed' ? change.previousId : change.cluster.id;
        if (get().cluster?.id === replacedId) get().applySelectedClusterChange(change);
      }
    },

    beginOwnChanges() {
      ownRunning++;
    },

    async settleOwnChanges() {
      ownRunning = Math.max(0, ownRunning - 1);
      if (ownRunning > 0) return;
      const changes = held;
      held = [];
      const { cluster: open, selectedIndex } = get();
      // The clusters below the open one, nearest first: the next to open if it leaves.
      const following = selectedIndex === null ? [] : Array.from({ length: KEPT_PAGES * PAGE_SIZE }, (_, i) => clusterAt(get(), selectedIndex + 1 + i)?.id).filter((id) => id !== undefined);
      const [list] = await Promise.all([fetchList(false), get().loadMarks()]);
      if (!list) return;
      set(list);
      const fate = open ? openClusterAfter(open.id, changes) : undefined;
      if (!open || !fate) return followSelection();
      if (fate.event === 'cluster-changed') {
        get().applySelectedClusterChange(fate);
        return set({ selectedIndex: indexOfCluster(get(), fate.cluster.id) });
      }
      const next = following.map((id) => indexOfCluster(get(), id)).find((index) => index !== null);
      const total = list.listSummary?.total ?? 0;
      if (total === 0) return set({ cluster: null, selectedIndex: null, clusterGone: false });
      await get().selectClusterAt(next ?? Math.min(selectedIndex ?? 0, total - 1));
    },
  };
};
