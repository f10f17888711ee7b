// Where the user moved their data folder with XDG_DATA_HOME, if they did: one rule for the index's
// place, the home trash and the trash the walk leaves out. The XDG spec says a relative value is
// invalid and to be ignored.
import { isAbsolute } from 'node:path';

export function xdgDataHome(env: Record<string, string | undefined> = process.env, absolute: (path: string) => boolean = isAbsolute): string | undefined {
  const value = env.XDG_DATA_HOME;
  return value !== undefined && value !== '' && absolute(value) ? value : undefined;
}
