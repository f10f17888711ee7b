// Where the index lives unless the user names another file: the platform's place for an
// application's own data, which backups keep and cleaners of caches leave alone.
import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';
import { xdgDataHome } from '../scan/xdgDataHome.ts';

const INDEX_FILE_NAME = 'index.sqlite';

export interface IndexLocationContext {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  home: string;
}

const current: IndexLocationContext = { env: process.env, platform: process.platform, home: homedir() };

/** The default index file. openFileIndex creates its folder. */
export function defaultIndexPath({ env, platform, home }: IndexLocationContext = current): string {
  const path = platform === 'win32' ? win32 : posix;
  const dataHome = xdgDataHome(env, path.isAbsolute);
  if (dataHome !== undefined) return path.join(dataHome, 'shingle', INDEX_FILE_NAME);
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Shingle', INDEX_FILE_NAME);
  if (platform === 'win32') return path.join(env.LOCALAPPDATA || path.join(home, 'AppData', 'Local'), 'Shingle', INDEX_FILE_NAME);
  return path.join(home, '.local', 'share', 'shingle', INDEX_FILE_NAME);
}
