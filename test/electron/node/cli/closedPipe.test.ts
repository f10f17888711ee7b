// `shingle scan … | head`: the reader closes the pipe before the report is written. The command
// ends quietly (nothing on stderr; 141 as a program the pipe killed, or its own 0 if it had
// finished) instead of on an unhandled EPIPE with a stack trace.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startCli } from '../../../helpers/runCli.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

let tree: TempTree;
beforeEach(async () => {
  tree = await createTempTree();
  // Enough groups for a report larger than a pipe's buffer (64 KiB), so writes go on after the close.
  for (let i = 0; i < 600; i++) {
    const body = `group ${i}\n`;
    await tree.write(`a-folder-with-a-long-name-${i}/the-first-copy-of-this-file.txt`, body);
    await tree.write(`a-folder-with-a-long-name-${i}/the-second-copy-of-this-file.txt`, body);
  }
});
afterEach(() => tree.remove());

it('ends quietly when the reader closes the pipe early', async () => {
  const { child, done } = startCli(['scan', tree.root, '--no-index', '--no-near']);
  child.stdout!.once('data', () => child.stdout!.destroy());
  const result = await done;
  expect(result.stderr).toBe('');
  expect([0, 141]).toContain(result.code);
});
