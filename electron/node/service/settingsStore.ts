// The scan settings, kept as settings.json in the app's data folder. Folders arrive only from the
// host (its picker, a drop): they are absolute, and the UI can remove them but never type them.
import { isAbsolute, join, resolve } from 'node:path';
import type { CommandRequest } from '../../../shared/contract/engineContract.ts';
import { scanSettingsSchema } from '../../../shared/contract/schemas.ts';
import type { ScanSettings } from '../../../shared/contract/schemas.ts';
import { defaultScanOptions } from '../../../shared/scanOptions.ts';
import { createJsonFile } from './jsonFile.ts';

export type FolderPurpose = 'roots' | 'referenceRoots';

export interface SettingsStore {
  get(): ScanSettings;
  /** Adds the folders not listed yet; returns those it added. */
  addFolders(purpose: FolderPurpose, paths: readonly string[]): Promise<string[]>;
  removeFolder(purpose: FolderPurpose, path: string): Promise<ScanSettings>;
  update(patch: CommandRequest<'updateSettings'>): Promise<ScanSettings>;
  flush(): Promise<void>;
}

export const defaultSettings: ScanSettings = { ...defaultScanOptions, roots: [], referenceRoots: [] };

const FOLDER_NAMES: Record<FolderPurpose, string> = { roots: 'scanned folder', referenceRoots: 'reference folder' };

export async function openSettingsStore(dataDir: string): Promise<SettingsStore> {
  const file = createJsonFile<ScanSettings>(join(dataDir, 'settings.json'));
  let settings = restore(await file.read());

  async function replace(next: ScanSettings): Promise<ScanSettings> {
    // The schema holds for every request the contract lets through; checking the merged whole
    // keeps a bad file or a direct caller from leaving settings no scan can use.
    settings = scanSettingsSchema.parse(next);
    await file.save(settings);
    return settings;
  }

  return {
    get: () => settings,
    async addFolders(purpose, paths) {
      const listed = new Set(settings[purpose]);
      const added: string[] = [];
      for (const path of paths) {
        if (!isAbsolute(path)) continue;
        const folder = resolve(path);
        if (listed.has(folder)) continue;
        listed.add(folder);
        added.push(folder);
      }
      if (added.length > 0) await replace({ ...settings, [purpose]: [...settings[purpose], ...added] });
      return added;
    },
    async removeFolder(purpose, path) {
      if (!settings[purpose].includes(path)) throw new Error(`Not a ${FOLDER_NAMES[purpose]}: ${path}`);
      return replace({ ...settings, [purpose]: settings[purpose].filter((folder) => folder !== path) });
    },
    update: (patch) => replace({ ...settings, ...patch }),
    flush: () => file.flush(),
  };
}

/**
 * The stored settings over the defaults, field by field: a field a newer or broken version wrote
 * falls back to its default without taking the folders with it.
 */
function restore(stored: unknown): ScanSettings {
  if (typeof stored !== 'object' || stored === null) return defaultSettings;
  const fields = Object.entries(scanSettingsSchema.shape).map(([key, schema]) => {
    const result = schema.safeParse((stored as Record<string, unknown>)[key]);
    return [key, result.success ? result.data : defaultSettings[key as keyof ScanSettings]];
  });
  return scanSettingsSchema.parse(Object.fromEntries(fields));
}
