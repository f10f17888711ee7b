// The desktop's capabilities as the engine sees them, over fake dialog and shell modules.
import { describe, expect, it } from 'vitest';
import { createDesktopHost } from '../../../electron/main/desktopHost.ts';

function fakes(dialogResult: { canceled: boolean; filePaths: string[] }, openPathResult = '') {
  const calls: unknown[][] = [];
  const dialog = {
    showOpenDialog: async (...args: unknown[]) => {
      calls.push(['showOpenDialog', ...args]);
      return dialogResult;
    },
  };
  const shell = {
    showItemInFolder: (path: string) => void calls.push(['showItemInFolder', path]),
    openPath: async (path: string) => {
      calls.push(['openPath', path]);
      return openPathResult;
    },
  };
  return { dialog, shell, calls };
}

describe('desktop host', () => {
  it('picks several folders in a dialog attached to the window', async () => {
    const { dialog, shell, calls } = fakes({ canceled: false, filePaths: ['/home/ann/Documents', '/home/ann/Backup'] });
    const window = { id: 1 };
    const host = createDesktopHost(dialog as never, shell as never, () => window as never);
    expect(await host.pickFolders('roots')).toEqual(['/home/ann/Documents', '/home/ann/Backup']);
    expect(calls[0]![1]).toBe(window);
    expect(calls[0]![2]).toMatchObject({ properties: ['openDirectory', 'multiSelections', 'createDirectory'] });
  });

  it('returns no folders when the dialog is cancelled', async () => {
    const { dialog, shell } = fakes({ canceled: true, filePaths: ['/ignored'] });
    expect(await createDesktopHost(dialog as never, shell as never, () => undefined).pickFolders('referenceRoots')).toEqual([]);
  });

  it('reveals and opens files through the shell, failing when the system cannot open one', async () => {
    const ok = fakes({ canceled: true, filePaths: [] });
    const host = createDesktopHost(ok.dialog as never, ok.shell as never, () => undefined);
    await host.revealFile('/home/ann/a.txt');
    await host.openFile('/home/ann/a.txt');
    expect(ok.calls).toEqual([
      ['showItemInFolder', '/home/ann/a.txt'],
      ['openPath', '/home/ann/a.txt'],
    ]);
    const failing = fakes({ canceled: true, filePaths: [] }, 'No application is registered');
    await expect(createDesktopHost(failing.dialog as never, failing.shell as never, () => undefined).openFile('/x.abc')).rejects.toThrow('Could not open /x.abc: No application is registered');
  });
});
