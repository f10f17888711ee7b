// Runs the real `shingle` command in a child process on Node 24, as a user would.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const cliPath = fileURLToPath(new URL('../../electron/node/cli/shingle.ts', import.meta.url));

// The default index lives in XDG_DATA_HOME: tests give the CLI a data folder of their own.
// Made on the first run only: Playwright also loads spec files just to list their tests.
let dataHome: string | undefined;
const removeDataHome = () => dataHome && rmSync(dataHome, { recursive: true, force: true });
process.on('exit', removeDataHome);
// Vitest ends its worker processes without an 'exit' event: there the folder goes with the test file.
if (process.env.VITEST) (await import('vitest')).afterAll(removeDataHome);

/** Who runs the command: an unprivileged user when the tests run as root, so permissions bind. */
export const UNPRIVILEGED_ID = 65534;
export const runningAsRoot = process.getuid?.() === 0;

export interface CliOptions {
  cwd?: string;
  /** Added to (or, with undefined, removed from) the environment. */
  env?: Record<string, string | undefined>;
  /** Run as user and group 65534 (nobody) when the tests run as root. */
  unprivileged?: boolean;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function startCli(args: string[], options: CliOptions = {}): { child: ChildProcess; done: Promise<CliResult> } {
  const env: Record<string, string | undefined> = { ...process.env, XDG_DATA_HOME: (dataHome ??= mkdtempSync(join(tmpdir(), 'shingle-cli-data-'))), ...options.env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  const drop = options.unprivileged && runningAsRoot ? { uid: UNPRIVILEGED_ID, gid: UNPRIVILEGED_ID } : {};
  const child = spawn(process.execPath, [cliPath, ...args], { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'], ...drop });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, done };
}

export function runCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  return startCli(args, options).done;
}
