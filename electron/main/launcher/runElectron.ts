// Runs Electron on the built main process, passing on its exit status and the signals that
// should stop it.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { DEVELOPMENT_FLAG } from '../appConfig.ts';
import { builtMain } from './buildApp.ts';

/** `npm run dev`'s: the page from Vite's dev server, with developer tools and reload. */
export interface Development {
  rendererUrl: string;
}

export function runElectron(binary: string, development?: Development): ChildProcess {
  return spawn(binary, [...electronSwitches(), builtMain], { stdio: 'inherit', env: electronEnvironment(process.env, development) });
}

/**
 * The app's environment: the development settings only from the dev launcher, never inherited
 * (a shell that exported them once would otherwise give `npm start` developer tools and a page
 * from localhost).
 */
export function electronEnvironment(env: NodeJS.ProcessEnv, development?: Development): NodeJS.ProcessEnv {
  // ELECTRON_RUN_AS_NODE, if inherited from a tool, would make Electron a plain Node.
  const { ELECTRON_RUN_AS_NODE: _node, [DEVELOPMENT_FLAG]: _flag, SHINGLE_RENDERER_URL: _url, ...childEnv } = env;
  return development ? { ...childEnv, [DEVELOPMENT_FLAG]: '1', SHINGLE_RENDERER_URL: development.rendererUrl } : childEnv;
}

/**
 * Chromium refuses to run its sandbox as root (containers, CI): only then is it turned off. The
 * window's own sandbox settings (webPreferences) are unchanged.
 */
export function electronSwitches(uid: number | undefined = process.getuid?.()): string[] {
  return uid === 0 ? ['--no-sandbox'] : [];
}

/** Ends this process with Electron's status; Ctrl-C and SIGTERM go to Electron first. */
export function exitWithElectron(child: ChildProcess): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
