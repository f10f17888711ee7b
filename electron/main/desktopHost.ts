// What only the desktop can do for the engine: the native folder, report and move-target pickers, the file manager, the
// confirmation of a permanent deletion (a native dialog the page cannot fake or skip), and the
// folders behind drop tokens. The engine host process reaches these through main.
import type { BrowserWindow, Dialog, MessageBoxOptions, OpenDialogOptions, Shell } from 'electron';
import { formatBytes, plural } from '../../shared/format.ts';
import type { HostCapabilities } from '../node/service/engineService.ts';
import type { DropTokens } from './dropTokens.ts';

const PICKER_TITLES = { roots: 'Choose folders to scan', referenceRoots: 'Choose reference folders (never cleaned up)' };

export function createDesktopHost(
  dialog: Pick<Dialog, 'showOpenDialog' | 'showMessageBox'>,
  shell: Pick<Shell, 'showItemInFolder' | 'openPath'>,
  window: () => BrowserWindow | undefined,
  dropTokens: DropTokens,
): HostCapabilities {
  return {
    async pickFolders(purpose) {
      const options: OpenDialogOptions = { title: PICKER_TITLES[purpose], buttonLabel: 'Add', properties: ['openDirectory', 'multiSelections', 'createDirectory'] };
      const parent = window();
      const result = await (parent ? dialog.showOpenDialog(parent, options) : dialog.showOpenDialog(options));
      return result.canceled ? [] : result.filePaths;
    },
    async pickReport() {
      const options: OpenDialogOptions = {
        title: 'Open a report saved by shingle scan --json',
        buttonLabel: 'Open',
        properties: ['openFile'],
        filters: [{ name: 'Shingle reports', extensions: ['json'] }],
      };
      const parent = window();
      const result = await (parent ? dialog.showOpenDialog(parent, options) : dialog.showOpenDialog(options));
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    async pickMoveTarget() {
      const options: OpenDialogOptions = { title: 'Choose the folder to move the copies to', buttonLabel: 'Move here', properties: ['openDirectory', 'createDirectory'] };
      const parent = window();
      const result = await (parent ? dialog.showOpenDialog(parent, options) : dialog.showOpenDialog(options));
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    redeemDropTokens: async (tokens) => dropTokens.redeem(tokens),
    async confirmPermanentDelete({ files, bytes }) {
      const options: MessageBoxOptions = {
        type: 'warning',
        title: 'Delete permanently',
        message: `Delete ${plural(files, 'file')} (${formatBytes(bytes)}) permanently?`,
        detail: 'They do not go to the trash and cannot be restored.',
        buttons: ['Cancel', 'Delete permanently'],
        defaultId: 0,
        cancelId: 0,
        noLink: true,
      };
      const parent = window();
      const { response } = await (parent ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options));
      return response === 1;
    },
    async revealFile(path) {
      shell.showItemInFolder(path);
    },
    async openFile(path) {
      // openPath resolves with an error message rather than rejecting.
      const failure = await shell.openPath(path);
      if (failure) throw new Error(`Could not open ${path}: ${failure}`);
    },
  };
}
