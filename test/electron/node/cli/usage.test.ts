// The dispatcher and the argument mistakes issue 11 lists, through the real command.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../helpers/runCli.ts';

describe('shingle (CLI usage)', () => {
  it('with no command prints its usage on stderr and exits 2, stdout empty', async () => {
    const result = await runCli([]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^Usage: shingle <command>/);
  });

  it('--help prints the usage on stdout and exits 0', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: shingle <command>/);
  });

  it('--min-size -5 says the size is negative, in one line, exit 2', async () => {
    const result = await runCli(['scan', '.', '--min-size', '-5']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("shingle scan: --min-size: '-5' is negative\n");
    const attached = await runCli(['scan', '.', '--min-size=-5']);
    expect(attached.code).toBe(2);
    expect(attached.stderr).toBe("shingle scan: --min-size: not a size: '-5'\n");
  });
});
