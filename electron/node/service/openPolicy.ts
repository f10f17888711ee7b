// Which files the app hands to the system to open. Opening a file runs whatever the system
// associates with it, and for programs and scripts that is the file itself: a duplicate
// installer or a copied shell script is shown in its folder, never launched from a list.
import { stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { toFsPath } from '../scan/fsPath.ts';

const LAUNCHED = new Set([
  // Windows: programs, installers, scripts run by the Windows Script Host, shortcuts.
  '.exe', '.com', '.bat', '.cmd', '.msi', '.msp', '.scr', '.pif', '.cpl', '.ps1', '.psm1', '.vbs', '.vbe',
  '.js', '.jse', '.wsf', '.wsh', '.hta', '.lnk', '.url', '.scf', '.reg', '.inf', '.msc', '.application', '.appref-ms',
  '.jar', '.gadget', '.settingcontent-ms',
  // macOS and Linux: bundles, scripts the Terminal runs, installers, launchers.
  '.app', '.command', '.tool', '.terminal', '.workflow', '.action', '.pkg', '.mpkg', '.desktop', '.sh', '.run', '.appimage',
]);

/** Throws when the file is one the system would run rather than show. */
export async function checkOpenable(path: string): Promise<void> {
  const ext = extname(path).toLowerCase();
  if (LAUNCHED.has(ext)) throw notOpenable(path);
  // A file with no extension but an execute bit opens in a terminal, which runs it (macOS).
  if (ext === '' && process.platform !== 'win32') {
    const info = await stat(toFsPath(path));
    if ((info.mode & 0o111) !== 0) throw notOpenable(path);
  }
}

function notOpenable(path: string): Error {
  return new Error(`${basename(path)} is a program or script; Shingle does not open those. Show it in its folder instead.`);
}
