// A clean-up whose process ended mid-batch (killed, a crash, a power cut) is left 'running' in the
// journal. The History must not say it runs for ever: it is 'interrupted' once no process holds
// the journal's lock, and stays 'running' while one does.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import { createDataDir, openService } from './serviceFixture.ts';

describe('a clean-up whose process ended mid-batch', () => {
  let dataDir: Awaited<ReturnType<typeof createDataDir>>;
  let service: EngineService;

  beforeEach(async () => {
    dataDir = await createDataDir();
    service = openService(dataDir.path);
  });

  afterEach(async () => {
    await service.dispose();
    await dataDir.remove();
  });

  it('is listed as running while its process lives, as interrupted once it is gone, with Undo still offered', async () => {
    const child = spawn(process.execPath, [fileURLToPath(new URL('./midBatchChild.ts', import.meta.url)), join(dataDir.path, 'journal.sqlite')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.on('exit', (code) => reject(new Error(`the child exited (${code}) before it was ready`)));
    });
    try {
      expect(await service.listBatches({})).toMatchObject([{ state: 'running', files: 1, planned: 3 }]);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    expect(await service.listBatches({})).toMatchObject([{ state: 'interrupted', files: 1, bytes: 100, planned: 3, undoable: true }]);
  });
});
