// What Electron's main does for the engine, played by a test and recorded: the folder and report pickers,
// the file manager, drop tokens, and the answer to the permanent-delete dialog. Service tests
// pass it to the service directly; the end-to-end tests answer the engine host process with it.
import { randomUUID } from 'node:crypto';
import type { HostCapabilities } from '../../electron/node/service/engineService.ts';

export interface RecordingHost extends HostCapabilities {
  /** What the folder picker returns. */
  nextPick: string[];
  /** What the report picker returns (null: cancelled). */
  nextReport: string | null;
  /** How many times the report picker was shown. */
  reportPicks: number;
  /** What the move-target picker returns (null: cancelled). */
  nextMoveTarget: string | null;
  revealed: string[];
  opened: string[];
  /** The answer the "dialog" gives to a permanent deletion: no, unless a test says yes. */
  confirmDelete: boolean;
  /** What the engine asked to confirm. */
  deleteConfirmations: { files: number; bytes: number }[];
  /** Issues a token for a dropped path, as main does for the preload. */
  dropToken(path: string): string;
}

export function createRecordingHost(): RecordingHost {
  const dropped = new Map<string, string>();
  const host: RecordingHost = {
    nextPick: [],
    nextReport: null,
    reportPicks: 0,
    nextMoveTarget: null,
    revealed: [],
    opened: [],
    confirmDelete: false,
    deleteConfirmations: [],
    pickFolders: async () => host.nextPick,
    async pickReport() {
      host.reportPicks++;
      return host.nextReport;
    },
    pickMoveTarget: async () => host.nextMoveTarget,
    dropToken(path) {
      const token = randomUUID();
      dropped.set(token, path);
      return token;
    },
    redeemDropTokens: async (tokens) => tokens.flatMap((token) => dropped.get(token) ?? []),
    async confirmPermanentDelete(summary) {
      host.deleteConfirmations.push(summary);
      return host.confirmDelete;
    },
    revealFile: async (path) => void host.revealed.push(path),
    openFile: async (path) => void host.opened.push(path),
  };
  return host;
}
