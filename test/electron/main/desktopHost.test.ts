// The desktop's capabilities as the engine sees them, over fake dialog and shell modules.
import { describe, expect, it } from 'vitest';
import { createDesktopHost } from '../../../electron/main/desktopHost.ts';
import { createDropTokens } from '../../../electron/main/dropTokens.ts';

function fakes(dialogResult: { canceled: boolean; filePaths: string[] }, openPathResult = '', messageBoxResponse = 0) {
  const calls: unknown[][] = [];
  const dialog = {
    showOpenDialog: async (...args: unknown[]) => {
      calls.push(['showOpenDialog', ...args]);
      return dialogResult;
    },
    showMessageBox: async (...args: unknown[]) => {
      calls.push(['showMessageBox', ...args]);
      return { response: messageBoxResponse, checkboxChecked: false };
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
    const host = createDesktopHost(dialog as never, shell as never, () => window as never, createDropTokens());
    expect(await host.pickFolders('roots')).toEqual(['/home/ann/Documents', '/home/ann/Backup']);
    expect(calls[0]![1]).toBe(window);
    expect(calls[0]![2]).toMatchObject({ properties: ['openDirectory', 'multiSelections', 'createDirectory'] });
  });

  it('returns no folders when the dialog is cancelled', async () => {
    const { dialog, shell } = fakes({ canceled: true, filePaths: ['/ignored'] });
    expect(await createDesktopHost(dialog as never, shell as never, () => undefined, createDropTokens()).pickFolders('referenceRoots')).toEqual([]);
  });

  it('picks one saved report in a file dialog attached to the window, null when cancelled', async () => {
    const { dialog, shell, calls } = fakes({ canceled: false, filePaths: ['/home/ann/report.json'] });
    const window = { id: 1 };
    expect(await createDesktopHost(dialog as never, shell as never, () => window as never, createDropTokens()).pickReport()).toBe('/home/ann/report.json');
    expect(calls[0]![1]).toBe(window);
    expect(calls[0]![2]).toMatchObject({ properties: ['openFile'], filters: [{ extensions: ['json'] }] });
    const cancelled = fakes({ canceled: true, filePaths: ['/ignored'] });
    expect(await createDesktopHost(cancelled.dialog as never, cancelled.shell as never, () => undefined, createDropTokens()).pickReport()).toBeNull();
  });

  it('picks one folder to move copies to, attached to the window, null when cancelled', async () => {
    const { dialog, shell, calls } = fakes({ canceled: false, filePaths: ['/media/ann/Old copies'] });
    const window = { id: 1 };
    expect(await createDesktopHost(dialog as never, shell as never, () => window as never, createDropTokens()).pickMoveTarget()).toBe('/media/ann/Old copies');
    expect(calls[0]![1]).toBe(window);
    expect(calls[0]![2]).toMatchObject({ properties: ['openDirectory', 'createDirectory'] });
    const cancelled = fakes({ canceled: true, filePaths: ['/ignored'] });
    expect(await createDesktopHost(cancelled.dialog as never, cancelled.shell as never, () => undefined, createDropTokens()).pickMoveTarget()).toBeNull();
  });

  it('reveals and opens files through the shell, failing when the system cannot open one', async () => {
    const ok = fakes({ canceled: true, filePaths: [] });
    const host = createDesktopHost(ok.dialog as never, ok.shell as never, () => undefined, createDropTokens());
    await host.revealFile('/home/ann/a.txt');
    await host.openFile('/home/ann/a.txt');
    expect(ok.calls).toEqual([
      ['showItemInFolder', '/home/ann/a.txt'],
      ['openPath', '/home/ann/a.txt'],
    ]);
    const failing = fakes({ canceled: true, filePaths: [] }, 'No application is registered');
    await expect(createDesktopHost(failing.dialog as never, failing.shell as never, () => undefined, createDropTokens()).openFile('/x.abc')).rejects.toThrow('Could not open /x.abc: No application is registered');
  });

  it('confirms a permanent deletion with a native dialog attached to the window, Cancel by default', async () => {
    const window = { id: 1 };
    const no = fakes({ canceled: true, filePaths: [] }, '', 0);
    expect(await createDesktopHost(no.dialog as never, no.shell as never, () => window as never, createDropTokens()).confirmPermanentDelete({ files: 3, bytes: 2048, clusters: 2 })).toBe(false);
    expect(no.calls[0]![1]).toBe(window);
    expect(no.calls[0]![2]).toMatchObject({ type: 'warning', message: expect.stringMatching(/^Delete 3 files \(.+\) permanently\?$/), buttons: ['Cancel', 'Delete permanently'], defaultId: 0, cancelId: 0 });
    const yes = fakes({ canceled: true, filePaths: [] }, '', 1);
    expect(await createDesktopHost(yes.dialog as never, yes.shell as never, () => undefined, createDropTokens()).confirmPermanentDelete({ files: 1, bytes: 10, clusters: 1 })).toBe(true);
    expect(yes.calls[0]![1]).toMatchObject({ message: expect.stringMatching(/^Delete 1 file /) });
  });

  it('names the folders behind the drop tokens main issued, and nothing else', async () => {
    const tokens = createDropTokens();
    const token = tokens.issue('/home/ann/Photos');
    const { dialog, shell } = fakes({ canceled: true, filePaths: [] });
    const host = createDesktopHost(dialog as never, shell as never, () => undefined, tokens);
    expect(await host.redeemDropTokens([token, '/etc'])).toEqual(['/home/ann/Photos']);
  });
});
