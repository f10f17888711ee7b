// The CLI harness in-process: exit codes, one-line messages, --debug, argument mistakes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommandFailure, parseCommandArgs, runCommand, takeDebugFlag, UsageError } from '../../../../electron/node/cli/harness.ts';

let stderr: string;
afterEach(() => vi.restoreAllMocks());

function captureStderr(): void {
  stderr = '';
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
}

describe('runCommand', () => {
  it('bad usage: one line on stderr, exit 2', async () => {
    captureStderr();
    expect(await runCommand('scan', [], () => Promise.reject(new UsageError('scan needs at least one folder')))).toBe(2);
    expect(stderr).toBe('shingle scan: scan needs at least one folder\n');
  });

  it('a failure: one line, exit 1, the stack only with --debug', async () => {
    const fail = () => Promise.reject(new Error('disk on fire\nsecond line'));
    captureStderr();
    expect(await runCommand('scan', ['x'], fail)).toBe(1);
    expect(stderr).toBe('shingle scan: failed: disk on fire (run with --debug for details)\n');
    captureStderr();
    expect(await runCommand('scan', ['x', '--debug'], fail)).toBe(1);
    expect(stderr).toMatch(/^shingle scan: failed: disk on fire\nError: disk on fire\nsecond line\n\s+at /);
  });

  it('a failure that says it all needs no hint', async () => {
    captureStderr();
    expect(await runCommand('watch', [], () => Promise.reject(new CommandFailure('/x: the folder is gone')))).toBe(1);
    expect(stderr).toBe('shingle watch: /x: the folder is gone\n');
  });

  it('escapes control characters in what it prints', async () => {
    captureStderr();
    await runCommand('scan', [], () => Promise.reject(new UsageError('/tmp/a\r\u001b[K: no such folder')));
    expect(stderr).toBe('shingle scan: /tmp/a\\x0D\\x1B[K: no such folder\n');
  });

  it('hands the body the arguments without --debug, and its own exit code back', async () => {
    const body = vi.fn(async (_argv: string[]) => 0);
    expect(await runCommand('scan', ['a', '--debug', '--', '--debug'], body)).toBe(0);
    expect(body.mock.calls[0]![0]).toEqual(['a', '--', '--debug']);
    expect(takeDebugFlag(['--json'])).toEqual({ argv: ['--json'], debug: false });
  });
});

describe('parseCommandArgs', () => {
  const options = { 'min-size': { type: 'string' }, index: { type: 'string' }, json: { type: 'boolean' } } as const;
  const message = (argv: string[]) => {
    try {
      parseCommandArgs(argv, options);
    } catch (error) {
      expect(error).toBeInstanceOf(UsageError);
      return (error as Error).message;
    }
    return undefined;
  };

  it('says a negative value is negative, not "ambiguous"', () => {
    expect(message(['--min-size', '-5'])).toBe("--min-size: '-5' is negative");
    expect(message(['--index', '--json'])).toBe("--index needs a value (got '--json'; write --index=--json if that is the value)");
    expect(message(['--bogus'])).toMatch(/^Unknown option '--bogus'/);
    expect(parseCommandArgs(['--min-size=-5'], options).values['min-size']).toBe('-5');
  });
});
