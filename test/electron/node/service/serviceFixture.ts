// An engine service on a temporary data folder, with a host that records what it was asked to do.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventPayload } from '../../../../shared/contract/engineContract.ts';
import type { Cluster } from '../../../../shared/report.ts';
import { createEngineService } from '../../../../electron/node/service/engineService.ts';
import type { EngineService, HostCapabilities } from '../../../../electron/node/service/engineService.ts';
import { createRecordingHost } from '../../../helpers/recordingHost.ts';
import type { RecordingHost } from '../../../helpers/recordingHost.ts';

/** A host that records what it was asked; `nextPick` is what the picker returns. */
export type FakeHost = RecordingHost;
export const createFakeHost = createRecordingHost;

export async function createDataDir(): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'shingle-data-'));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

export function openService(dataDir: string, host: HostCapabilities = createFakeHost()): EngineService {
  return createEngineService({ dataDir, host });
}

/** A file of a cluster as the UI names it: its position, with the path shown there as a check. */
export function fileRef(cluster: Cluster, fileIndex: number): { clusterId: string; fileIndex: number; path: string } {
  const file = cluster.files[fileIndex];
  if (!file) throw new Error(`cluster ${cluster.id} has no file ${fileIndex}`);
  return { clusterId: cluster.id, fileIndex, path: file.path };
}

/** Resolves with the first scanState event for which `done` holds. */
export function nextScanState(service: EngineService, done: (state: EventPayload<'scanState'>) => boolean): Promise<EventPayload<'scanState'>> {
  return new Promise((resolve) => {
    const off = service.on('scanState', (state) => {
      if (!done(state)) return;
      off();
      resolve(state);
    });
  });
}

/** Scans the folders as roots and resolves with the final state. */
export async function scanFolders(service: EngineService, host: FakeHost, folders: string[]): Promise<EventPayload<'scanState'>> {
  host.nextPick = folders;
  await service.chooseFolders({ purpose: 'roots' });
  const finished = nextScanState(service, (state) => !state.running);
  await service.startScan({});
  return finished;
}

/** A temporary XDG_DATA_HOME, so a trash test never touches the real trash; `restore` puts the old value back and removes it. */
export async function useTempDataHome(): Promise<{ path: string; restore(): Promise<void> }> {
  const saved = process.env.XDG_DATA_HOME;
  const path = await mkdtemp(join(tmpdir(), 'shingle-xdg-'));
  process.env.XDG_DATA_HOME = path;
  return {
    path,
    async restore() {
      if (saved === undefined) delete process.env.XDG_DATA_HOME;
      else process.env.XDG_DATA_HOME = saved;
      await rm(path, { recursive: true, force: true });
    },
  };
}

