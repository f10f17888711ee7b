import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { xxhash128 } from 'hash-wasm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBatchHasher } from '../../../../electron/node/hash/batchHasher.ts';
import { createHashPool, DIGEST_BYTES, SAMPLE_CHUNK_BYTES, WHOLE_FILE_SAMPLE_LIMIT } from '../../../../electron/node/hash/hashPool.ts';
import type { HashPool, HashTask } from '../../../../electron/node/hash/hashPool.ts';

let dir: string;
let pool: HashPool;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'shingle-hash-'));
  pool = createHashPool({ threads: 1 });
});
afterAll(async () => {
  await pool.destroy();
  rmSync(dir, { recursive: true, force: true });
});

function task(sample: boolean, paths: string[]): HashTask {
  const stats = paths.map((path) => statSync(path));
  return {
    sample,
    paths,
    sizes: Float64Array.from(stats, (s) => s.size),
    mtimesMs: Float64Array.from(stats, (s) => s.mtimeMs),
    ctimesMs: Float64Array.from(stats, (s) => s.ctimeMs),
  };
}

function digestHex(digests: Uint8Array, index: number): string {
  return Buffer.from(digests.subarray(index * DIGEST_BYTES, (index + 1) * DIGEST_BYTES)).toString('hex');
}

describe('hash pool', () => {
  it('hashes a small file whole even in the sample pass', async () => {
    const content = randomBytes(WHOLE_FILE_SAMPLE_LIMIT);
    const path = join(dir, 'small.bin');
    writeFileSync(path, content);

    const sample = await pool.hash(task(true, [path]));
    const full = await pool.hash(task(false, [path]));

    expect(sample.errors).toEqual([]);
    expect(sample.bytesRead).toBe(content.length);
    expect(digestHex(sample.digests, 0)).toBe(await xxhash128(content));
    expect(digestHex(full.digests, 0)).toBe(await xxhash128(content));
  });

  it('samples the start, middle and end of a larger file, and hashes all of it in the full pass', async () => {
    const size = 3 * 1024 * 1024 + 17; // more than one read buffer, not a multiple of it
    const content = randomBytes(size);
    const path = join(dir, 'large.bin');
    writeFileSync(path, content);
    const middle = Math.floor(size / 2) - SAMPLE_CHUNK_BYTES / 2;
    const sampled = Buffer.concat([
      content.subarray(0, SAMPLE_CHUNK_BYTES),
      content.subarray(middle, middle + SAMPLE_CHUNK_BYTES),
      content.subarray(size - SAMPLE_CHUNK_BYTES),
    ]);

    const sample = await pool.hash(task(true, [path]));
    const full = await pool.hash(task(false, [path]));

    expect(sample.bytesRead).toBe(3 * SAMPLE_CHUNK_BYTES);
    expect(digestHex(sample.digests, 0)).toBe(await xxhash128(sampled));
    expect(full.bytesRead).toBe(size);
    expect(digestHex(full.digests, 0)).toBe(await xxhash128(content));
  });

  it('reports a failing file by its index and hashes the others of the batch', async () => {
    const content = randomBytes(100);
    const path = join(dir, 'ok.bin');
    writeFileSync(path, content);
    const batch = task(false, [path, path]);
    batch.paths = [join(dir, 'missing.bin'), path];

    const result = await pool.hash(batch);

    expect(result.errors).toEqual([{ index: 0, code: 'ENOENT', message: 'Could not open: no such file or directory.' }]);
    expect(digestHex(result.digests, 1)).toBe(await xxhash128(content));
  });

  it('rejects a task aborted while it runs, and goes on hashing afterwards', async () => {
    const own = createHashPool({ threads: 1 });
    const small = join(dir, 'small-again.bin');
    const big = join(dir, 'big.bin');
    writeFileSync(small, 'small');
    writeFileSync(big, randomBytes(64 * 1024 * 1024));
    await own.hash(task(false, [small])); // the thread is up
    const controller = new AbortController();

    const running = own.hash(task(false, Array.from({ length: 16 }, () => big)), controller.signal);
    setTimeout(() => controller.abort(new Error('stop')), 20);

    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    const after = await own.hash(task(false, [small]));
    expect(after.errors).toEqual([]);
    await own.destroy();
  });

  it('rejects short tasks at once when their signal aborts, queued or taken by the thread', async () => {
    const own = createHashPool({ threads: 1 });
    const big = join(dir, 'big-unsignalled.bin');
    const small = join(dir, 'small-signalled.bin');
    writeFileSync(big, randomBytes(64 * 1024 * 1024));
    writeFileSync(small, 'small');
    const busy = own.hash(task(false, [big, big, big, big])); // no signal: the thread reads it to the end
    const controller = new AbortController();
    const short = Array.from({ length: 20 }, () => own.hash(task(true, [small]), controller.signal));

    controller.abort(new Error('stop'));

    const first = await Promise.race([Promise.allSettled(short).then(() => 'short'), busy.then(() => 'busy')]);
    expect(first).toBe('short');
    for (const run of short) await expect(run).rejects.toMatchObject({ name: 'AbortError', cause: new Error('stop') });
    expect((await busy).errors).toEqual([]);
    await own.destroy();
  });

  it('hashes on the calling thread too while it assists, with the same digests', async () => {
    const own = createHashPool({ threads: 1 });
    const paths = Array.from({ length: 40 }, (_, i) => join(dir, `assist-${i}.bin`));
    const contents = paths.map((path) => {
      const content = randomBytes(100_000 + (paths.indexOf(path) % 7));
      writeFileSync(path, content);
      return content;
    });

    const runs = paths.map((path) => own.hash(task(false, [path])));
    const all = Promise.all(runs);
    await own.assist(all);

    const results = await all;
    for (let i = 0; i < paths.length; i++) expect(digestHex(results[i]!.digests, 0)).toBe(await xxhash128(contents[i]!));
    await own.destroy();
  });

  it('stops hashing on the calling thread when the task it reads is aborted', async () => {
    const own = createHashPool({ threads: 1 });
    const small = join(dir, 'small-after.bin');
    const big = join(dir, 'big-shared.bin');
    writeFileSync(small, 'small');
    writeFileSync(big, randomBytes(32 * 1024 * 1024));
    // Enough work for the thread and its queue (~16 × 10 ms), so that the next task waits for the caller.
    const fillers = Array.from({ length: 16 }, () => own.hash(task(false, [big])));
    const controller = new AbortController();
    const aborted = own.hash(task(false, Array.from({ length: 32 }, () => big)), controller.signal);
    setTimeout(() => controller.abort(new Error('stop')), 20);

    const assisting = own.assist(Promise.allSettled([...fillers, aborted]));
    const first = await Promise.race([aborted.catch(() => 'aborted'), Promise.all(fillers).then(() => 'fillers')]);

    expect(first).toBe('aborted');
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    await assisting;
    expect((await own.hash(task(true, [small]))).errors).toEqual([]);
    await own.destroy();
  });
});

describe('hash pool threads', () => {
  it('start with the first task, not with the pool, and an assist with nothing to hash starts none', async () => {
    const lazy = createHashPool({ threads: 1 });
    try {
      await lazy.assist(Promise.resolve());
      expect(lazy.started()).toBe(false);
      const path = join(dir, 'first-task.bin');
      writeFileSync(path, randomBytes(100));
      const result = await lazy.hash(task(true, [path]));
      expect(result.errors).toEqual([]);
      expect(lazy.started()).toBe(true);
    } finally {
      await lazy.destroy();
    }
  });
});

function smallFile(name: string): { path: string; content: Buffer } {
  const content = randomBytes(5000);
  const path = join(dir, name);
  writeFileSync(path, content);
  return { path, content };
}

/**
 * Runs `body` while the calling thread assists `pool` (until the body ends), then ends the assist
 * and the pool, whatever the body did.
 */
async function whileAssisting(pool: HashPool, body: () => Promise<void>, whenIdle?: () => void): Promise<void> {
  let endAssist!: () => void;
  const assisting = pool.assist(new Promise<void>((resolve) => (endAssist = resolve)), whenIdle);
  try {
    await body();
  } finally {
    endAssist();
    await assisting;
    await pool.destroy();
  }
}

describe('hash pool waiting for work to add up', () => {
  it('leaves a little work to the caller that assists, and starts no thread for it', async () => {
    const pool = createHashPool({ threads: 1, threadsAfterSeconds: 60 });
    try {
      const { path, content } = smallFile('little.bin');
      const result = pool.hash(task(true, [path]));
      await pool.assist(result);
      expect(digestHex((await result).digests, 0)).toBe(await xxhash128(content));
      expect(pool.started()).toBe(false);
    } finally {
      await pool.destroy();
    }
  });

  it('waits as long as it takes for a caller that says it will assist (a scan, after its walk)', async () => {
    // The clock is faked: a minute passes at once, far beyond the wait for an unassisting caller.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const pool = createHashPool({ threads: 1, threadsAfterSeconds: 60, callerAssists: true });
    try {
      const { path, content } = smallFile('walk-first.bin');
      const result = pool.hash(task(true, [path]));
      vi.advanceTimersByTime(60_000);
      expect(pool.started()).toBe(false);
      vi.useRealTimers();
      await pool.assist(result);
      expect(digestHex((await result).digests, 0)).toBe(await xxhash128(content));
      expect(pool.started()).toBe(false);
    } finally {
      vi.useRealTimers();
      await pool.destroy();
    }
  });

  it('starts its threads all the same for a caller that never assists', async () => {
    const pool = createHashPool({ threads: 1, threadsAfterSeconds: 60 });
    try {
      const { path, content } = smallFile('unassisted.bin');
      const result = await pool.hash(task(true, [path]));
      expect(digestHex(result.digests, 0)).toBe(await xxhash128(content));
      expect(pool.started()).toBe(true);
    } finally {
      await pool.destroy();
    }
  });

  it('starts no thread while an assisting caller keeps up, however much it hashes in all', async () => {
    // One file's work is ~25 µs (workSeconds): a single task stays under the bar, two are over it.
    const pool = createHashPool({ threads: 1, threadsAfterSeconds: 40e-6 });
    await whileAssisting(pool, async () => {
      for (let i = 0; i < 3; i++) {
        const { path, content } = smallFile(`kept-up-${i}.bin`);
        const result = await pool.hash(task(true, [path]));
        expect(digestHex(result.digests, 0)).toBe(await xxhash128(content));
      }
      expect(pool.started()).toBe(false);
    });
  });

  it('calls the assisting caller back whenever it finds no task to take', async () => {
    const pool = createHashPool({ threads: 1, threadsAfterSeconds: 60 });
    let idleCalls = 0;
    let onIdle: (() => void) | undefined;
    const whenIdle = () => {
      idleCalls++;
      onIdle?.();
    };
    await whileAssisting(
      pool,
      async () => {
        // Nothing to take yet: called before it waits.
        expect(idleCalls).toBe(1);
        const nextIdle = new Promise<void>((resolve) => (onIdle = resolve));
        const { path, content } = smallFile('idle.bin');
        const result = await pool.hash(task(true, [path]));
        await nextIdle;
        // It took the task itself (no thread) and, finding no other, called back again.
        expect(digestHex(result.digests, 0)).toBe(await xxhash128(content));
        expect(pool.started()).toBe(false);
        expect(idleCalls).toBe(2);
      },
      whenIdle,
    );
  });

  it('hands a thread that has not finished a task yet only one, while the caller assists', async () => {
    const pool = createHashPool({ threads: 1 });
    await whileAssisting(pool, async () => {
      const files = Array.from({ length: 12 }, (_, i) => smallFile(`starting-${i}.bin`));
      const results = files.map(({ path }) => pool.hash(task(true, [path])));
      // The thread is still starting: the other tasks stay for the caller, not queued in it.
      expect(pool.started()).toBe(true);
      expect(pool.withThreads()).toBe(1);
      const digests = (await Promise.all(results)).map((result) => digestHex(result.digests, 0));
      expect(digests).toEqual(await Promise.all(files.map(({ content }) => xxhash128(content))));
    });
  });

  it('starts its threads once the work planned is worth them, before anyone assists', async () => {
    const pool = createHashPool({ threads: 1, threadsAfterSeconds: 0.001 });
    try {
      const paths = Array.from({ length: 60 }, (_, i) => join(dir, `many-${i}.bin`));
      for (const path of paths) writeFileSync(path, randomBytes(64));
      const result = pool.hash(task(true, paths));
      expect(pool.started()).toBe(true);
      expect((await result).errors).toEqual([]);
    } finally {
      await pool.destroy();
    }
  });
});

describe('batch hasher on the calling thread', () => {
  const openFiles = () => readdirSync('/proc/self/fd').length;

  it('reads a large file in slices to the same digest, or stops between slices and closes it', async () => {
    const hasher = await createBatchHasher({ sampleChunkBytes: SAMPLE_CHUNK_BYTES, wholeFileSampleLimit: WHOLE_FILE_SAMPLE_LIMIT });
    const path = join(dir, 'sliced.bin');
    const content = randomBytes(48 * 1024 * 1024);
    writeFileSync(path, content);
    const before = openFiles();

    const whole = await hasher.hashInSlices(task(false, [path]), () => false);
    // Some 200 MB to read: tens of ms, so it is asked at least once.
    const stopped = await hasher.hashInSlices(task(false, [path, path, path, path]), () => true);

    expect(whole?.errors).toEqual([]);
    expect(digestHex(whole!.digests, 0)).toBe(await xxhash128(content));
    expect(digestHex(hasher.hash(task(false, [path])).digests, 0)).toBe(digestHex(whole!.digests, 0));
    expect(stopped).toBeUndefined();
    expect(openFiles()).toBe(before);
  });
});
