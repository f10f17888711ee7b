// Runs the real `shingle` command in a child process on Node 24, as a user would.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const cliPath = fileURLToPath(new URL('../../electron/node/cli/shingle.ts', import.meta.url));

// The default index lives in XDG_DATA_HOME: tests give the CLI a data folder of their own.
const dataHome = mkdtempSync(join(tmpdir(), 'shingle-data-'));
process.on('exit', () => rmSync(dataHome, { recursive: true, force: true }));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function startCli(args: string[], options: { cwd?: string } = {}): { child: ChildProcess; done: Promise<CliResult> } {
  const child = spawn(process.execPath, [cliPath, ...args], { cwd: options.cwd, env: { ...process.env, XDG_DATA_HOME: dataHome }, stdio: ['ignore', 'pipe', 'pipe'] });
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

export function runCli(args: string[], options: { cwd?: string } = {}): Promise<CliResult> {
  return startCli(args, options).done;
}
