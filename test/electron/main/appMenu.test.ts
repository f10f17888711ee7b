// The application menu: standard roles, developer items only when developing.
import { describe, expect, it } from 'vitest';
import { appMenuTemplate } from '../../../electron/main/appMenu.ts';

type Item = { role?: string; label?: string; type?: string; submenu?: Item[] };

function roles(items: Item[]): string[] {
  return items.flatMap((item) => [item.role ?? item.label ?? item.type ?? '?', ...(item.submenu ? roles(item.submenu).map((r) => `  ${r}`) : [])]);
}

describe('app menu', () => {
  it('has File, Edit, View, Window and Help on Windows and Linux', () => {
    const menu = appMenuTemplate('linux', { devTools: false }) as Item[];
    expect(menu.map((m) => m.role ?? m.label)).toEqual(['File', 'editMenu', 'View', 'windowMenu', 'help']);
    expect(roles(menu)).toEqual(['File', '  quit', 'editMenu', 'View', '  resetZoom', '  zoomIn', '  zoomOut', '  separator', '  togglefullscreen', 'windowMenu', 'help', '  about']);
  });

  it('puts the app menu first on macOS, where File closes the window', () => {
    const menu = appMenuTemplate('darwin', { devTools: false }) as Item[];
    expect(menu.map((m) => m.role ?? m.label)).toEqual(['appMenu', 'File', 'editMenu', 'View', 'windowMenu', 'help']);
    expect(menu[1]!.submenu).toEqual([{ role: 'close' }]);
  });

  it('offers reload and developer tools only when developing', () => {
    const view = (devTools: boolean) => roles((appMenuTemplate('win32', { devTools }) as Item[])[2]!.submenu!);
    expect(view(true).slice(0, 3)).toEqual(['reload', 'forceReload', 'toggleDevTools']);
    expect(view(false)).not.toContain('toggleDevTools');
  });
});
