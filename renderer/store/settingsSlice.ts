// The scan settings as the engine keeps them. Folders only change through the host's picker
// (and removal); everything else is edited here and saved at once.
import type { FolderPurpose, ScanSettings, SettingsPatch } from '../engine/contractTypes.ts';
import { baseName } from '../format/paths.ts';
import type { SliceCreator } from './storeTypes.ts';

export interface SettingsSlice {
  settings: ScanSettings | null;
  loadSettings(): Promise<void>;
  chooseFolders(purpose: FolderPurpose): Promise<void>;
  /** Adds folders dropped on the window; dropped files that are not folders are named in an error. */
  addDroppedFolders(purpose: FolderPurpose, files: readonly File[]): Promise<void>;
  removeFolder(purpose: FolderPurpose, path: string): Promise<void>;
  updateSettings(patch: SettingsPatch): Promise<void>;
}

/** The engine takes at most this many dropped paths at once. */
const MAX_DROPPED = 100;

export const createSettingsSlice: SliceCreator<SettingsSlice> = ({ set, get, engine, host }) => {
  // A slider sends many updates; only the newest answer may overwrite what is shown.
  let latestUpdate = 0;

  async function run(action: () => Promise<void>) {
    try {
      await action();
    } catch (error) {
      get().reportError(error);
    }
  }

  return {
    settings: null,
    loadSettings: () => run(async () => set({ settings: await engine.getSettings({}) })),
    chooseFolders: (purpose) =>
      run(async () => {
        const { added } = await engine.chooseFolders({ purpose });
        if (added.length > 0) set({ settings: await engine.getSettings({}) });
      }),
    addDroppedFolders: (purpose, files) =>
      run(async () => {
        const tokens = (await Promise.all(files.slice(0, MAX_DROPPED).map((file) => host.dropToken?.(file) ?? ''))).filter(Boolean);
        if (tokens.length === 0) throw new Error('Only folders can be added, and only by dropping them from the file manager.');
        const { added, skipped } = await engine.addDroppedFolders({ purpose, tokens });
        if (added.length > 0) set({ settings: await engine.getSettings({}) });
        if (skipped.length > 0) throw new Error(`Not added, as they are not folders: ${skipped.map(baseName).join(', ')}`);
      }),
    removeFolder: (purpose, path) => run(async () => set({ settings: await engine.removeFolder({ purpose, path }) })),
    async updateSettings(patch) {
      const request = ++latestUpdate;
      const before = get().settings;
      if (before) set({ settings: { ...before, ...patch } });
      try {
        const settings = await engine.updateSettings(patch);
        if (request === latestUpdate) set({ settings });
      } catch (error) {
        if (request === latestUpdate) set({ settings: before });
        get().reportError(error);
      }
    },
  };
};
