// `npm run bench:responsive`: does the process in main's role stay responsive while the engine
// scans? This process plays Electron's main exactly as the app runs it: the engine host
// (electron/node/host/engineHost.ts) in a child process, commands and events over its message
// protocol, the host's requests (the folder picker) answered here. While the engine scans the
// bench:exact tree (50,000 files) plus the bench:near corpus (a few thousand documents) from an
// empty data folder, it records this process's event-loop delay (perf_hooks histogram) and the
// round trip of a small command sent every 200 ms, as a window's page would.
// Goal: event-loop delay p99 ≤ 20 ms and max ≤ 100 ms.
// Peer, same run (--in-process, on by default): the same scan with the engine service inside this
// process, as main ran it before the engine host.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { EventName } from '../shared/contract/channels.ts';
import { forkEngineHost } from '../electron/node/host/hostProcess.ts';
import { dispatchCommand } from '../electron/node/service/dispatch.ts';
import { createEngineService } from '../electron/node/service/engineService.ts';
import type { HostCapabilities } from '../electron/node/service/engineService.ts';
import { machineInfo } from './bench/measure.ts';
import { exactTree, nearCorpus, treeAndCorpusSizes } from './bench/scanRoots.ts';

const USAGE = `Usage: npm run bench:responsive -- [--files N] [--sources N] [--no-in-process]
  --files N          files in the bench:exact tree (default 50000)
  --sources N        sources of the bench:near corpus (default 250)
  --no-in-process    skip the peer run with the engine inside this process`;

const { values: options } = parseArgs({
  options: {
    files: { type: 'string', default: '50000' },
    sources: { type: 'string', default: '250' },
    'in-process': { type: 'boolean', default: true },
    help: { type: 'boolean', default: false },
  },
  allowNegative: true,
});
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}
const { files, sources } = treeAndCorpusSizes(options, USAGE);

interface Engine {
  invoke(name: string, payload: unknown): Promise<unknown>;
  onEvent(listener: (name: EventName, payload: unknown) => void): void;
  dispose(): Promise<void>;
}

interface Result {
  label: string;
  seconds: number;
  clusters: number;
  events: number;
  delay: { p50: number; p99: number; max: number };
  roundTrip: { p50: number; p99: number; max: number };
  /** Gaps of over 50 ms between 5 ms ticks, by the scan phase last reported before them. */
  stalls: Record<string, number[]>;
  load: string;
}

const ms = (ns: number) => ns / 1e6;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;
const loadNow = () => loadavg().map((l) => l.toFixed(2)).join(' ');

function pickingHost(roots: string[]): HostCapabilities {
  return {
    pickFolders: async () => roots,
    pickReport: async () => null,
    pickMoveTarget: async () => null,
    redeemDropTokens: async () => [],
    confirmPermanentDelete: async () => false,
    revealFile: async () => undefined,
    openFile: async () => undefined,
  };
}

function inProcessEngine(dataDir: string, host: HostCapabilities): Engine {
  const service = createEngineService({ dataDir, host });
  return {
    invoke: (name, payload) => dispatchCommand(service, name, payload),
    onEvent: (listener) => {
      for (const name of ['scanProgress', 'scanState', 'clusterChanges', 'actionProgress'] as const) service.on(name, (payload) => listener(name, payload));
    },
    dispose: () => service.dispose(),
  };
}

async function run(label: string, roots: string[], start: (dataDir: string, host: HostCapabilities) => Engine): Promise<Result> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shingle-bench-responsive-'));
  const engine = start(dataDir, pickingHost(roots));
  try {
    let events = 0;
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    let running = false;
    let phase = 'start';
    const stalls: Record<string, number[]> = {};
    let lastTick = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      if (now - lastTick > 55) (stalls[phase] ??= []).push(Math.round(now - lastTick - 5));
      lastTick = now;
    }, 5);
    engine.onEvent((name, payload) => {
      events++;
      if (name === 'scanProgress') phase = (payload as { phase: string }).phase;
      if (name !== 'scanState') return;
      // The scan's own states: running, then done (following the folders may report others).
      if ((payload as { running: boolean }).running) running = true;
      else if (running) finished();
    });
    await engine.invoke('chooseFolders', { purpose: 'roots' });
    const histogram = monitorEventLoopDelay({ resolution: 5 });
    const roundTrips: number[] = [];
    let pinging = true;
    const ping = (async () => {
      while (pinging) {
        const sent = performance.now();
        await engine.invoke('getScanState', {});
        roundTrips.push(performance.now() - sent);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    const began = performance.now();
    histogram.enable();
    await engine.invoke('startScan', {});
    await done;
    const seconds = (performance.now() - began) / 1000;
    histogram.disable();
    clearInterval(ticker);
    pinging = false;
    await ping;
    const page = (await engine.invoke('listClusters', { offset: 0, limit: 50, sort: 'reclaimable' })) as { total: number };
    return {
      label,
      seconds,
      clusters: page.total,
      events,
      delay: { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) },
      roundTrip: { p50: percentile(roundTrips, 0.5), p99: percentile(roundTrips, 0.99), max: Math.max(...roundTrips) },
      stalls,
      load: loadNow(),
    };
  } finally {
    await engine.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** This process's event-loop delay with nothing to do: what the machine's load alone costs. */
async function idle(seconds: number): Promise<Result['delay']> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  histogram.disable();
  return { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
}

console.log('Machine');
for (const line of machineInfo(tmpdir())) console.log(`  ${line}`);
const roots = [exactTree(files), await nearCorpus(sources)];
console.log(`\nRoots: ${roots.join(', ')} (a first scan each time: empty data folder, no index)`);

const control = await idle(20);
console.log(`Control, nothing running, 20 s: loop delay p50 ${control.p50.toFixed(1)} / p99 ${control.p99.toFixed(1)} / max ${control.max.toFixed(1)} ms, load average ${loadNow()}`);
const results = [await run('engine host process (the app)', roots, (dataDir, host) => forkEngineHost({ dataDir, host }))];
if (options['in-process']) results.push(await run('engine in this process (peer)', roots, inProcessEngine));

const f = (n: number) => n.toFixed(1).padStart(8);
console.log(`\n${'run'.padEnd(32)}${'scan (s)'.padStart(9)}${'clusters'.padStart(10)}${'events'.padStart(8)}  loop delay p50 / p99 / max (ms)   command round trip p50 / p99 / max (ms)   load avg after`);
for (const r of results) {
  console.log(
    `${r.label.padEnd(32)}${r.seconds.toFixed(1).padStart(9)}${String(r.clusters).padStart(10)}${String(r.events).padStart(8)}  ` +
      `${f(r.delay.p50)}${f(r.delay.p99)}${f(r.delay.max)}          ${f(r.roundTrip.p50)}${f(r.roundTrip.p99)}${f(r.roundTrip.max)}          ${r.load}`,
  );
}
for (const r of results) {
  const byPhase = Object.entries(r.stalls).map(([phase, gaps]) => `${phase} ${gaps.length} (longest ${Math.max(...gaps)} ms)`);
  console.log(`Stalls over 50 ms, ${r.label}: ${byPhase.join(', ') || 'none'}`);
}
const host = results[0]!;
const peer = results[1];
if (peer) console.log(`\nMax loop delay, peer ÷ host: ${(peer.delay.max / host.delay.max).toFixed(1)}×`);
const met = host.delay.p99 <= 20 && host.delay.max <= 100;
console.log(`Goal (host): p99 ≤ 20 ms and max ≤ 100 ms: ${met ? 'met' : 'NOT met'}`);
process.exitCode = met ? 0 : 1;
