// Runs Electron on the built main process, passing on its exit status and the signals that
// should stop it.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { builtMain } from './buildApp.ts';

export function runElectron(binary: string, env: NodeJS.ProcessEnv = process.env): ChildProcess {
  // ELECTRON_RUN_AS_NODE, if inherited from a tool, would make Electron a plain Node.
  const { ELECTRON_RUN_AS_NODE: _ignored, ...childEnv } = env;
  return spawn(binary, [...electronSwitches(), builtMain], { stdio: 'inherit', env: childEnv });
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
