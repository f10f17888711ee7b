// A system tool the engine asks what Node cannot tell without a native addon: extended
// attributes (getfattr, xattr), files in use on macOS (lsof). Injected where used, so tests can
// hand in a tool's canned output, or its absence, on any machine.
import { execFile } from 'node:child_process';

/** What a tool said; 'absent' when it is not installed. */
export type ToolAnswer = { code: number; stdout: Buffer; stderr: string } | 'absent';

export type RunTool = (command: string, args: readonly string[]) => Promise<ToolAnswer>;

/** Runs `command` without a shell (no name is ever parsed as shell words); its output as bytes, for names that are not UTF-8. */
export const runTool: RunTool = (command, args) =>
  new Promise((resolve) => {
    // LC_ALL=C: the tools' messages and escapes the same in every language.
    execFile(command, args, { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024, windowsHide: true, env: { ...process.env, LC_ALL: 'C' } }, (error, stdout, stderr) => {
      if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') resolve('absent');
      else resolve({ code: typeof error?.code === 'number' ? error.code : error ? 1 : 0, stdout, stderr: stderr.toString('utf8') });
    });
  });
