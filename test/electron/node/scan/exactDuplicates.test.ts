import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, linkSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { xxhash128 } from 'hash-wasm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeFsName } from '../../../../shared/fsName.ts';
import { ScanErrorCode } from '../../../../shared/report.ts';
import type { Cluster } from '../../../../shared/report.ts';
import { createHashPool } from '../../../../electron/node/hash/hashPool.ts';
import type { HashPool } from '../../../../electron/node/hash/hashPool.ts';
import { createMemoryCache } from '../../../../electron/node/index/memoryCache.ts';
import { createExactDuplicateFinder, findExactDuplicates } from '../../../../electron/node/scan/exactDuplicates.ts';
import type { WalkedFile } from '../../../../electron/node/scan/types.ts';

const SMALL = 5000; // below the sample: hashed whole in one read
const LARGE = 5 * 1024 * 1024 + 123; // several MiB: sample pass, then full pass
const BOTH_PATHS = [['small', SMALL], ['large', LARGE]] as const;

function walked(path: string | Buffer): WalkedFile {
  const stats = statSync(path, { bigint: true });
  return {
    path: typeof path === 'string' ? path : decodeFsName(path),
    size: Number(stats.size),
    mtimeMs: Number(stats.mtimeMs),
    ctimeMs: Number(stats.ctimeMs),
    fileId: `${stats.dev}:${stats.ino}`,
    nlink: Number(stats.nlink),
  };
}

function flipped(content: Buffer, at: number): Buffer {
  const copy = Buffer.from(content);
  copy[at] = copy[at]! ^ 0x01;
  return copy;
}

let dir: string;
let pool: HashPool;

beforeAll(() => {
  pool = createHashPool();
});
afterAll(async () => {
  await pool.destroy();
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'shingle-exact-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function write(name: string, content: Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

function walkDir(): WalkedFile[] {
  return readdirSync(dir).map((name) => walked(join(dir, name)));
}

function pathsOf(clusters: Cluster[]): string[][] {
  return clusters.map((c) => c.files.map((f) => f.path));
}

function workerThreadCount(): number {
  return readdirSync('/proc/self/task').filter((task) => readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim() === 'WorkerThread').length;
}

describe('findExactDuplicates', () => {
  it.each(BOTH_PATHS)('groups byte-identical %s copies, apart from a same-size file and a different-size one', async (_, size) => {
    const content = randomBytes(size);
    const paths = [write('c.bin', content), write('a.bin', content), write('b.bin', content)];
    write('other-same-size.bin', randomBytes(size));
    write('other-size.bin', content.subarray(1));
    const files = walkDir();

    const result = await findExactDuplicates(files, pool);

    expect(result.errors).toEqual([]);
    expect(result.hardlinks).toEqual([]);
    expect(result.clusters).toHaveLength(1);
    const [cluster] = result.clusters;
    expect(cluster).toMatchObject({ kind: 'exact', similarity: 1, reclaimable: 2 * size });
    expect(cluster!.id).toBe(`exact-${(await xxhash128(content)).slice(0, 16)}`);
    expect(cluster!.files.map((f) => f.path)).toEqual(paths.sort());
    // ctime and the content hash let apply notice a file rewritten with its old size and mtime.
    const walked = files.find((f) => f.path === paths[0])!;
    expect(cluster!.files[0]).toEqual({ path: paths[0], size, mtime: walked.mtimeMs, ctime: walked.ctimeMs, hash: await xxhash128(content) });
  });

  it.each(BOTH_PATHS)('never groups %s same-size files that differ in one byte', async (_, size) => {
    const base = randomBytes(size);
    write('base.bin', base);
    write('copy.bin', base);
    const traps = { first: 0, quarter: Math.floor(size / 4), middle: Math.floor(size / 2), last: size - 1 };
    for (const [name, at] of Object.entries(traps)) {
      write(`${name}-a.bin`, flipped(base, at));
      // The same trap twice: the pair is a real duplicate, and must not join base.
      write(`${name}-b.bin`, flipped(base, at));
    }

    const { clusters, errors } = await findExactDuplicates(walkDir(), pool);

    expect(errors).toEqual([]);
    const groups = clusters.map((c) => c.files.map((f) => f.path.slice(dir.length + 1)));
    expect(groups.sort()).toEqual([['base.bin', 'copy.bin'], ...Object.keys(traps).map((name) => [`${name}-a.bin`, `${name}-b.bin`])].sort());
  });

  it('reads a large file whole only when its sample matches another', async () => {
    const base = randomBytes(LARGE);
    write('a.bin', base);
    write('b.bin', base);
    write('c.bin', flipped(base, LARGE - 1));

    const { bytesHashed } = await findExactDuplicates(walkDir(), pool);

    expect(bytesHashed).toBe(3 * 3 * 4096 + 2 * LARGE);
  });

  it('reports a pair of hard links as a hard-link set, not as a cluster', async () => {
    const a = write('a.bin', randomBytes(SMALL));
    const b = join(dir, 'b.bin');
    linkSync(a, b);
    write('unrelated.bin', randomBytes(SMALL));

    const result = await findExactDuplicates([walked(b), walked(a), walked(join(dir, 'unrelated.bin'))], pool);

    expect(result.clusters).toEqual([]);
    expect(result.hardlinks).toEqual([{ size: SMALL, paths: [a, b] }]);
  });

  it('lists hard links of a duplicate as its links, never as reclaimable', async () => {
    const content = randomBytes(LARGE);
    const a = write('a.bin', content);
    const b = join(dir, 'b.bin');
    linkSync(a, b);
    const copy = write('copy.bin', content);

    const result = await findExactDuplicates([walked(copy), walked(b), walked(a)], pool);

    expect(result.clusters).toHaveLength(1);
    expect(result.clusters[0]!.reclaimable).toBe(LARGE);
    expect(result.clusters[0]!.files.map(({ path, links }) => ({ path, links }))).toEqual([
      { path: a, links: [b] },
      { path: copy, links: undefined },
    ]);
    expect(result.hardlinks).toEqual([{ size: LARGE, paths: [a, b] }]);
  });

  const changes: Array<[string, number, (path: string, content: Buffer) => Promise<void> | void]> = [
    ['size', LARGE, (path) => appendFileSync(path, 'more')],
    ['mtime', SMALL, (path) => utimesSync(path, new Date(2001, 0, 1), new Date(2001, 0, 1))],
    [
      'content, with the old mtime put back,',
      LARGE,
      async (path, content) => {
        const { atime, mtime } = statSync(path);
        await new Promise((resolve) => setTimeout(resolve, 20)); // a ctime the walk cannot have seen
        writeFileSync(path, flipped(content, 4096 * 8));
        utimesSync(path, atime, mtime);
      },
    ],
  ];
  it.each(changes)('reports a file whose %s changed since the walk as changed, and leaves it out', async (_, size, change) => {
    const content = randomBytes(size);
    const a = write('a.bin', content);
    const b = write('b.bin', content);
    const files = [walked(a), walked(b)];
    await change(b, content);

    const { clusters, errors } = await findExactDuplicates(files, pool);

    expect(clusters).toEqual([]);
    expect(errors).toEqual([{ path: b, code: ScanErrorCode.changed, message: expect.stringMatching(/changed/i) }]);
  });

  it('reports a vanished file as ENOENT and goes on with the rest', async () => {
    const content = randomBytes(SMALL);
    const paths = ['a.bin', 'b.bin', 'gone.bin'].map((name) => write(name, content));
    const files = paths.map((path) => walked(path));
    unlinkSync(paths[2]!);

    const { clusters, errors } = await findExactDuplicates(files, pool);

    expect(errors.map((e) => [e.path, e.code])).toEqual([[paths[2], 'ENOENT']]);
    expect(pathsOf(clusters)).toEqual([paths.slice(0, 2)]);
  });

  it('reports a FIFO put in place of a walked file without blocking on it', { timeout: 10_000 }, async () => {
    const content = randomBytes(LARGE);
    const paths = ['a.bin', 'b.bin', 'fifo.bin'].map((name) => write(name, content));
    const files = paths.map((path) => walked(path));
    unlinkSync(paths[2]!);
    execFileSync('mkfifo', [paths[2]!]);

    const { clusters, errors } = await findExactDuplicates(files, pool);

    expect(errors).toEqual([{ path: paths[2], code: ScanErrorCode.changed, message: expect.stringMatching(/regular file/) }]);
    expect(pathsOf(clusters)).toEqual([paths.slice(0, 2)]);
  });

  it('hashes and groups a file whose name is not valid UTF-8', async () => {
    const content = randomBytes(SMALL);
    const odd = Buffer.concat([Buffer.from(`${dir}/caf`), Buffer.from([0xff]), Buffer.from('.bin')]);
    writeFileSync(odd, content);
    const plain = write('plain.bin', content);
    const oddFile = walked(odd);
    expect(oddFile.path).toContain('\udcff');

    const { clusters, errors } = await findExactDuplicates([oddFile, walked(plain)], pool);

    expect(errors).toEqual([]);
    expect(pathsOf(clusters)).toEqual([[oddFile.path, plain].sort()]);
  });

  it('sorts clusters by reclaimable bytes, largest first', async () => {
    const small = randomBytes(SMALL);
    const large = randomBytes(LARGE);
    for (const name of ['s1', 's2', 's3']) write(name, small);
    for (const name of ['l1', 'l2']) write(name, large);

    const { clusters } = await findExactDuplicates(walkDir(), pool);

    expect(clusters.map((c) => c.reclaimable)).toEqual([LARGE, 2 * SMALL]);
  });

  it('reports progress up to every byte it planned to read', async () => {
    const content = randomBytes(LARGE);
    write('a.bin', content);
    write('b.bin', content);
    const seen: Array<{ bytesRead: number; bytesToRead: number; filesDone: number; filesToDo: number }> = [];

    await findExactDuplicates(walkDir(), pool, { onProgress: (p) => seen.push(p) });

    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toMatchObject({ bytesRead: 2 * 3 * 4096 + 2 * LARGE, bytesToRead: 2 * 3 * 4096 + 2 * LARGE, filesDone: 4, filesToDo: 4 });
  });

  it.runIf(existsSync('/proc/self/task'))('rejects with the abort reason and leaves no threads once the pool is destroyed', async () => {
    const before = workerThreadCount();
    const ownPool = createHashPool();
    const content = randomBytes(32 * 1024 * 1024);
    for (const name of ['a', 'b', 'c', 'd']) write(name, content);
    const controller = new AbortController();
    const reason = new Error('stop');
    let progressAfterAbort = 0;

    const run = findExactDuplicates(walkDir(), ownPool, {
      signal: controller.signal,
      onProgress: (p) => {
        if (controller.signal.aborted) progressAfterAbort++;
        // Abort once the full pass is under way, with batches still queued or running.
        if (p.bytesToRead > 4 * 3 * 4096) controller.abort(reason);
      },
    });

    await expect(run).rejects.toBe(reason);
    expect(progressAfterAbort).toBe(0);
    await ownPool.destroy();
    expect(workerThreadCount()).toBe(before);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const content = randomBytes(SMALL);
    const files = ['a', 'b'].map((name) => walked(write(name, content)));
    const reason = new Error('already');

    await expect(findExactDuplicates(files, pool, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  });
});

describe('createExactDuplicateFinder', () => {
  function countingPool(): HashPool & { calls: number } {
    const counting = { ...pool, calls: 0 };
    counting.hash = (task, signal) => {
      counting.calls++;
      return pool.hash(task, signal);
    };
    return counting;
  }

  it('lets the cache store its saves while the hashing goes on', async () => {
    const cache = createMemoryCache();
    let stores = 0;
    const finder = createExactDuplicateFinder(pool, { cache: { ...cache, storeSaves: () => void stores++ } });
    const copy = randomBytes(SMALL);
    for (const path of [write('s1', copy), write('s2', copy)]) finder.add(walked(path));
    await finder.finish();
    expect(stores).toBeGreaterThan(0);
  });

  it('starts sampling during the walk, as soon as a batch of same-size files fills', async () => {
    const counting = countingPool();
    const finder = createExactDuplicateFinder(counting);
    const copy = randomBytes(SMALL);
    const paths = Array.from({ length: 1100 }, (_, i) => write(`f${String(i).padStart(4, '0')}`, i < 2 ? copy : randomBytes(SMALL)));

    for (const path of paths) finder.add(walked(path));
    const callsBeforeFinish = counting.calls;
    const { clusters } = await finder.finish();

    expect(callsBeforeFinish).toBeGreaterThan(0);
    expect(pathsOf(clusters)).toEqual([paths.slice(0, 2)]);
  });

  it('starts reading whole contents during the walk, once two samples match', async () => {
    const passes: boolean[] = [];
    const recording: HashPool = {
      ...pool,
      hash: (task, signal) => {
        passes.push(task.sample);
        return pool.hash(task, signal);
      },
    };
    const finder = createExactDuplicateFinder(recording);
    // A full batch of samples, then enough matching large files to fill a batch of whole contents.
    for (let i = 0; i < 520; i++) finder.add(walked(write(`s${i}`, randomBytes(SMALL))));
    const large = randomBytes(LARGE);
    for (let i = 0; i < 4; i++) finder.add(walked(write(`l${i}`, large)));
    for (let i = 0; i < 520; i++) finder.add(walked(write(`t${i}`, randomBytes(SMALL))));

    await expect.poll(() => passes.includes(false), { timeout: 10_000 }).toBe(true);
    const { clusters } = await finder.finish();

    expect(pathsOf(clusters)).toEqual([[0, 1, 2, 3].map((i) => join(dir, `l${i}`))]);
  });

  it('hashes nothing before a size is held by two distinct files', async () => {
    const counting = countingPool();
    const finder = createExactDuplicateFinder(counting);
    const content = randomBytes(SMALL);
    const a = write('a.bin', content);
    const b = join(dir, 'b.bin');
    linkSync(a, b);

    finder.add(walked(a));
    finder.add(walked(b));
    finder.add(walked(write('other-size.bin', randomBytes(10))));
    const result = await finder.finish();

    expect(counting.calls).toBe(0);
    expect(result.hardlinks).toEqual([{ size: SMALL, paths: [a, b] }]);
  });

  it('lets a walk that fails before finish() leave its batches behind without unhandled rejections', async () => {
    const ownPool = createHashPool({ threads: 1 });
    const controller = new AbortController();
    const finder = createExactDuplicateFinder(ownPool, { signal: controller.signal });
    // More same-size files than one batch holds, so that a batch is under way.
    for (let i = 0; i < 600; i++) finder.add(walked(write(`f${i}`, randomBytes(SMALL))));

    controller.abort(new Error('walk failed'));
    await ownPool.destroy();
    // Unhandled rejections would fail the run once the event loop has turned.
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
});
