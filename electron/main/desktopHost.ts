// What only the desktop can do for the engine: the native folder picker and the file manager.
import type { BrowserWindow, Dialog, OpenDialogOptions, Shell } from 'electron';
import type { HostCapabilities } from '../node/service/engineService.ts';

const PICKER_TITLES = { roots: 'Choose folders to scan', referenceRoots: 'Choose reference folders (never cleaned up)' };

export function createDesktopHost(dialog: Pick<Dialog, 'showOpenDialog'>, shell: Pick<Shell, 'showItemInFolder' | 'openPath'>, window: () => BrowserWindow | undefined): HostCapabilities {
  return {
    async pickFolders(purpose) {
      const options: OpenDialogOptions = { title: PICKER_TITLES[purpose], buttonLabel: 'Add', properties: ['openDirectory', 'multiSelections', 'createDirectory'] };
      const parent = window();
      const result = await (parent ? dialog.showOpenDialog(parent, options) : dialog.showOpenDialog(options));
      return result.canceled ? [] : result.filePaths;
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
