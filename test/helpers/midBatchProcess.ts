// A process killed in the middle of a clean-up, for the tests of what the journal then says: it
// begins a batch of three files in the journal at `journalPath` (the first done, nothing on disk
// touched) holding the journal's lock, until kill() ends it with SIGKILL.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface MidBatchProcess {
  /** Kills it without warning and waits until it has exited. */
  kill(): Promise<void>;
}

export async function startMidBatchProcess(journalPath: string): Promise<MidBatchProcess> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./midBatchChild.ts', import.meta.url)), journalPath], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`the mid-batch process exited (${code}) before it was ready`)));
  });
  return {
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
