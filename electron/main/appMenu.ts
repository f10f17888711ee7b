// The application menu: the standard roles, so that copy and paste, zoom, full screen and window
// handling behave as on every other app of the platform.
import type { MenuItemConstructorOptions } from 'electron';

export function appMenuTemplate(platform: NodeJS.Platform, options: { devTools: boolean }): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const developer: MenuItemConstructorOptions[] = options.devTools ? [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }] : [];
  return [
    ...(mac ? [{ role: 'appMenu' } as const] : []),
    { label: 'File', submenu: [mac ? { role: 'close' } : { role: 'quit' }] },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [...developer, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }],
    },
    { role: 'windowMenu' },
    // macOS has About in the app menu; elsewhere it lives under Help.
    { role: 'help', submenu: mac ? [] : [{ role: 'about' }] },
  ];
}
