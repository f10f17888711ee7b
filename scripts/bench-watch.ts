// `npm run bench:watch [-- --files N] [--cli PATH] [--remove-tree]`: how soon `shingle watch` reports a save
// on a big tree. A generated tree (watch-tree.ts; 50,000 and 500,000 files unless --files says
// otherwise, made once under the temp folder and reused) is watched with the default index by the
// real CLI; once it is ready, 10 saves alternate between rewriting a document into a
// near-duplicate of another and a byte copy of a binary file, each waited for: from the save's
// return to the first event naming the saved path. Prints the median and max, the watch's start,
// its peak RSS and the load average. No common tool watches for near-duplicates, so there is no
// peer to measure: the ratio is against the goal (≤ 2 s median at 500,000 files). `--cli` runs
// another checkout's shingle.ts on the same tree, for a before/after.
import { spawn } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { median } from './bench/measure.ts';
import { PlanRandom } from './bench/random.ts';
import { ensureWatchTree, nearCopy } from './bench/watch-tree.ts';
import type { WatchTree } from './bench/watch-tree.ts';

const SAVES = 10;
const GOAL_MS = 2000;
const READY_LIMIT_MS = 60 * 60 * 1000;
const EVENT_LIMIT_MS = 120_000;
const OWN_CLI = join(import.meta.dirname, '..', 'electron', 'node', 'cli', 'shingle.ts');
const BENCH_DIR = join(tmpdir(), 'shingle-bench-watch');

interface WatchEvent {
  event: string;
  cluster?: { id: string; files: { path: string }[] };
  previousId?: string;
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** The watch as a child process: its events, the clusters they add up to, and waits on them. */
function startWatch(cli: string, root: string, index: string) {
  const child = spawn(process.execPath, [cli, 'watch', '--json', '--index', index, root], { stdio: ['ignore', 'pipe', 'inherit'] });
  const shown = new Map<string, string[]>();
  const waiters = new Set<(event: WatchEvent) => void>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    const event = JSON.parse(line) as WatchEvent;
    if (event.event === 'cluster-changed') shown.delete(event.previousId!);
    if (event.event === 'cluster-removed') shown.delete(event.cluster!.id);
    else if (event.cluster) shown.set(event.cluster.id, event.cluster.files.map((file) => file.path));
    for (const waiter of [...waiters]) waiter(event);
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const until = (check: (event: WatchEvent) => boolean, limitMs: number, what: string) =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${what} within ${limitMs / 1000} s`)), limitMs);
      const waiter = (event: WatchEvent) => {
        if (!check(event)) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve(performance.now());
      };
      waiters.add(waiter);
      void exited.then(() => reject(new Error(`the watch exited while waiting for ${what}`)));
    });
  return { child, shown, until, exited };
}

async function benchTree(files: number, cli: string): Promise<void> {
  const tree: WatchTree = ensureWatchTree(join(BENCH_DIR, `tree-${files}`), files, console.log);
  const index = join(BENCH_DIR, `index-${files}.sqlite`);
  console.log(`\n${files.toLocaleString('en')} files (${tree.documents.length.toLocaleString('en')} documents), load average before: ${load()}`);
  const started = performance.now();
  const watch = startWatch(cli, tree.root, index);
  const readyAt = await watch.until((event) => event.event === 'ready', READY_LIMIT_MS, 'ready');
  console.log(`ready after ${((readyAt - started) / 1000).toFixed(1)} s (${watch.shown.size.toLocaleString('en')} groups), RSS peak so far ${peakRssMb(watch.child.pid!).toFixed(0)} MB`);

  const random = new PlanRandom(files);
  const inGroup = new Set([...watch.shown.values()].flat());
  const loose = (paths: string[]) => paths.filter((path) => !inGroup.has(path));
  const documents = loose(tree.documents);
  const binaries = loose(tree.binaries);
  const restore: (() => void)[] = [];
  const times: number[] = [];
  try {
    for (let save = 0; save < SAVES; save++) {
      let saved: string;
      let what: string;
      if (save % 2 === 0) {
        // A document rewritten into a near-duplicate of another loose document.
        const [edited, source] = [documents.splice(random.int(documents.length), 1)[0]!, documents.splice(random.int(documents.length), 1)[0]!];
        const original = readFileSync(edited);
        restore.push(() => writeFileSync(edited, original));
        saved = edited;
        what = 'near-duplicate edit';
        writeFileSync(edited, nearCopy(readFileSync(source, 'utf8'), random));
      } else {
        const original = binaries.splice(random.int(binaries.length), 1)[0]!;
        saved = join(dirname(original), `copy-${save}-${original.slice(dirname(original).length + 1)}`);
        restore.push(() => unlinkSync(saved));
        what = 'byte copy';
        copyFileSync(original, saved);
      }
      const savedAt = performance.now();
      const eventAt = await watch.until((event) => event.cluster?.files.some((file) => file.path === saved) === true, EVENT_LIMIT_MS, `event for ${saved}`);
      times.push(eventAt - savedAt);
      console.log(`  save ${save + 1} (${what}): ${(eventAt - savedAt).toFixed(0)} ms`);
    }
  } finally {
    const peak = peakRssMb(watch.child.pid!);
    watch.child.kill('SIGINT');
    await watch.exited;
    // The next run starts from the same tree.
    for (const undo of restore) undo();
    if (times.length === SAVES) {
      const med = median(times);
      console.log(`save → event: median ${med.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms; ${(med / GOAL_MS).toFixed(2)}× the ${GOAL_MS / 1000} s goal`);
    }
    console.log(`peak RSS of the watch ${peak.toFixed(0)} MB; load average after: ${load()}`);
  }
}

const { values } = parseArgs({ options: { files: { type: 'string' }, cli: { type: 'string' }, 'remove-tree': { type: 'boolean', default: false } } });
const scales = values.files === undefined ? [50_000, 500_000] : [Number(values.files)];
if (scales.some((n) => !Number.isInteger(n) || n < 1000)) {
  console.error('usage: npm run bench:watch [-- --files N (≥ 1000)] [--cli PATH/TO/shingle.ts] [--remove-tree]');
  process.exit(2);
}
console.log('shingle watch, save → event. No common tool watches for near-duplicates: no peer to compare; the ratio is against the goal.');
const cli = values.cli ?? OWN_CLI;
if (values.cli !== undefined) console.log(`CLI: ${cli}`);
for (const files of scales) await benchTree(files, cli);
if (values['remove-tree']) rmSync(BENCH_DIR, { recursive: true, force: true });
