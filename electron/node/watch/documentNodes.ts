// The watcher's document units and their fingerprints, kept between bursts. A unit is an exact
// cluster's bytes or one file (documentUnits.ts); a burst rebuilds only the units holding a file
// it touched or a cluster it regrouped, fingerprints those (the content cache answers for the
// unchanged ones), and moves them between text nodes. Nodes come out as fingerprintUnits makes
// them, so the clustering that follows sees what a full analysis would.
import type { Cluster, ScanError } from '../../../shared/report.ts';
import type { ExtractPool } from '../extract/extractPool.ts';
import type { DocumentFingerprint } from '../near/documentFingerprint.ts';
import { fingerprintSettingsKey } from '../near/documentFingerprint.ts';
import { collectInodes, documentUnits } from '../near/documentUnits.ts';
import type { DocumentUnit } from '../near/documentUnits.ts';
import { byUnitPath, fingerprintUnits, nodeKey } from '../near/findNearDuplicates.ts';
import type { FingerprintedNode, NearProgress, NearSettings } from '../near/findNearDuplicates.ts';
import type { ContentCache } from '../scan/contentCache.ts';
import type { WalkedFile } from '../scan/types.ts';
import type { FileChanges } from './fileList.ts';
import type { ExactRegrouping } from './exactGroups.ts';

/** A unit as the watcher holds it: the node it joined (under nodeKey), or why it is none. */
interface HeldUnit {
  unit: DocumentUnit;
  key?: string;
  error?: ScanError;
}

export interface DocumentNodes {
  /** Rebuilds the units the burst touched; `changed`: a unit was let go of or made. */
  update(changes: FileChanges, regrouped: ExactRegrouping, signal: AbortSignal, onProgress?: (progress: NearProgress) => void): Promise<{ changed: boolean; filesRead: number }>;
  /** Sorted as fingerprintUnits sorts them: by their first unit's path. */
  nodes(): FingerprintedNode[];
  errors(): ScanError[];
}

/** `listed`: the watcher's file list, current when update() is called. */
export function createDocumentNodes(settings: NearSettings, pool: ExtractPool<DocumentFingerprint>, cache: ContentCache, listed: ReadonlyMap<string, WalkedFile>): DocumentNodes {
  const settingsKey = fingerprintSettingsKey(settings);
  /** The names of files with several (hard links): an inode is rebuilt with all of them. */
  const linkedNames = new Map<string, Set<string>>();
  const unitOfId = new Map<string, HeldUnit>();
  const nodesByText = new Map<string, FingerprintedNode>();
  const held = new Set<HeldUnit>();

  function relink(file: WalkedFile, present: boolean): void {
    if (file.nlink < 2) return;
    const names = linkedNames.get(file.fileId);
    if (present) {
      if (names) names.add(file.path);
      else linkedNames.set(file.fileId, new Set([file.path]));
    } else if (names?.delete(file.path) && names.size === 0) linkedNames.delete(file.fileId);
  }

  /** Lets go of the unit holding `fileId`, if any; its files' ids and names become stale too. */
  function release(fileId: string, stale: Set<string>, names: Set<string>): boolean {
    stale.add(fileId);
    const heldUnit = unitOfId.get(fileId);
    if (heldUnit === undefined) return false;
    held.delete(heldUnit);
    for (const { file, links } of heldUnit.unit.inodes) {
      stale.add(file.fileId);
      unitOfId.delete(file.fileId);
      names.add(file.path);
      for (const link of links) names.add(link);
    }
    const node = heldUnit.key === undefined ? undefined : nodesByText.get(heldUnit.key);
    if (node !== undefined) {
      node.units = node.units.filter(({ unit }) => unit !== heldUnit.unit);
      if (node.units.length === 0) nodesByText.delete(heldUnit.key!);
    }
    return true;
  }

  /** Units for the stale files, from every name they are listed under now. */
  async function rebuild(stale: Set<string>, names: Set<string>, clusters: readonly Cluster[], signal: AbortSignal, onProgress?: (progress: NearProgress) => void): Promise<{ units: number; filesRead: number }> {
    for (const fileId of stale) for (const name of linkedNames.get(fileId) ?? []) names.add(name);
    const files: WalkedFile[] = [];
    for (const name of names) {
      const file = listed.get(name);
      if (file !== undefined && stale.has(file.fileId)) files.push(file);
    }
    // Every file of a regrouped cluster is stale, so these clusters are all the units need.
    const units = documentUnits(collectInodes(files), clusters, settings.ocr ?? false);
    const heldUnits = new Map<string, HeldUnit>();
    for (const unit of units) {
      const heldUnit: HeldUnit = { unit };
      heldUnits.set(unit.path, heldUnit);
      held.add(heldUnit);
      for (const { file } of unit.inodes) unitOfId.set(file.fileId, heldUnit);
    }
    const errors: ScanError[] = [];
    const { nodes, filesRead } = await fingerprintUnits(units, settingsKey, pool, { signal, cache, ...(onProgress ? { onProgress } : {}) }, errors, settings.ocr ?? false, settings.ocrLanguages);
    for (const error of errors) heldUnits.get(error.path)!.error = error;
    for (const node of nodes) {
      const key = nodeKey(node.textHash, node.units[0]);
      for (const { unit } of node.units) heldUnits.get(unit.path)!.key = key;
      const known = nodesByText.get(key);
      if (known === undefined) nodesByText.set(key, node);
      else known.units = [...known.units, ...node.units].sort(byUnitPath);
    }
    return { units: units.length, filesRead };
  }

  return {
    async update(changes, regrouped, signal, onProgress) {
      for (const file of changes.removed) relink(file, false);
      for (const file of changes.added) relink(file, true);
      const stale = new Set<string>();
      const names = new Set<string>();
      let released = false;
      for (const file of [...changes.removed, ...changes.added]) {
        names.add(file.path);
        released = release(file.fileId, stale, names) || released;
      }
      // A cluster lists a file by its first name, which may be gone since: its old file id is kept.
      const removedId = new Map(changes.removed.map((file) => [file.path, file.fileId]));
      for (const cluster of [...regrouped.removed, ...regrouped.added]) {
        for (const { path, links } of cluster.files) {
          for (const name of [path, ...(links ?? [])]) {
            names.add(name);
            const fileId = removedId.get(name) ?? listed.get(name)?.fileId;
            if (fileId !== undefined) released = release(fileId, stale, names) || released;
          }
        }
      }
      if (stale.size === 0) return { changed: released, filesRead: 0 };
      const rebuilt = await rebuild(stale, names, regrouped.added, signal, onProgress);
      return { changed: released || rebuilt.units > 0, filesRead: rebuilt.filesRead };
    },
    nodes: () => [...nodesByText.values()].sort((a, b) => byUnitPath(a.units[0]!, b.units[0]!)),
    errors: () => [...held].flatMap((heldUnit) => (heldUnit.error ? [heldUnit.error] : [])),
  };
}
