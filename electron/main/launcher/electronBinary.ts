// Finds the Electron executable the electron package's install script downloads, without
// requiring the package: its index.js downloads the binary when it is missing, which on a
// machine without network access hangs or fails with a stack trace.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const MISSING_ELECTRON =
  'shingle: the Electron binary is not installed (node_modules/electron/dist is missing); on a connected machine run `node node_modules/electron/install.js` (or `npx electron@45 --version`), then try again.';

/** The executable's path, or undefined when it was never downloaded. */
export function findElectronBinary(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(packageDir, 'path.txt');
  // path.txt names the executable inside the download; the package falls back to "electron".
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  // The same override the package itself honours, for a binary kept elsewhere.
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  const binary = override ? join(override, executable ?? 'electron') : executable && join(packageDir, 'dist', executable);
  return binary && existsSync(binary) ? binary : undefined;
}
