// The overview of the results: every folder's figures (the engine's getFolderSummary), which
// folder the picture shows the inside of, and which one is selected. Loaded when the overview
// opens and again whenever the results change while it is open.
import type { FolderSummary } from '../../shared/folders/folderSummary.ts';
import type { SliceCreator } from './storeTypes.ts';

export interface OverviewSlice {
  /** null until loaded. */
  folderSummary: FolderSummary | null;
  /** The folder whose subfolders the picture shows (an index into folderSummary.folders), -1 for the scanned folders themselves. */
  overviewFolder: number;
  /** The folder whose figures and actions are shown; null for none. */
  overviewSelected: number | null;
  loadFolderSummary(): Promise<void>;
  /** Shows the inside of a folder (-1: the scanned folders); the selection follows. */
  zoomOverview(folder: number): void;
  selectOverviewFolder(folder: number | null): void;
}

/** Where the picture opens: inside the one scanned folder, and on down while a folder holds a single subfolder that has its own, so that subfolders fill the picture. */
export function openingFolder(summary: FolderSummary): number {
  const children = new Map<number, number[]>();
  summary.folders.forEach((folder, i) => {
    const list = children.get(folder.parent);
    if (list) list.push(i);
    else children.set(folder.parent, [i]);
  });
  let shown = -1;
  for (;;) {
    const inside = children.get(shown) ?? [];
    if (inside.length !== 1 || (shown >= 0 && !children.has(inside[0]!))) return shown;
    shown = inside[0]!;
  }
}

export const createOverviewSlice: SliceCreator<OverviewSlice> = ({ set, get, engine }) => {
  let requests = 0;
  return {
    folderSummary: null,
    overviewFolder: -1,
    overviewSelected: null,
    async loadFolderSummary() {
      const request = ++requests;
      try {
        const summary = await engine.getFolderSummary({});
        if (request !== requests) return;
        const previous = get().folderSummary;
        // The same folder stays open across a refresh when it is still in the results.
        const pathOf = (i: number | null) => (i === null || i < 0 ? undefined : previous?.folders[i]?.path);
        const find = (path: string | undefined) => (path === undefined ? -1 : summary.folders.findIndex((folder) => folder.path === path));
        const folder = previous ? find(pathOf(get().overviewFolder)) : openingFolder(summary);
        const selected = find(pathOf(get().overviewSelected));
        set({ folderSummary: summary, overviewFolder: folder, overviewSelected: selected < 0 ? null : selected });
      } catch (error) {
        get().reportError(error);
      }
    },
    zoomOverview: (folder) => set({ overviewFolder: folder, overviewSelected: null }),
    selectOverviewFolder: (folder) => set({ overviewSelected: folder }),
  };
};
