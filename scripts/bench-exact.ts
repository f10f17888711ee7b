// `npm run bench:exact`: Shingle's exact-duplicate scan against jdupes, rdfind, fdupes, rmlint
// and duff, on a generated tree whose duplicates are known in advance. Checks every tool's answer
// against that ground truth, then times them. Then Shingle in its default mode (with its index:
// a first scan and an unchanged rescan, `--no-near` and near on) against jdupes on three trees:
// that one, a generated tree of mostly unique sizes, and /usr/lib. `-- --help` for the options.
import { existsSync, mkdirSync, mkdtempSync, rmSync, readFileSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { agrees, compareGroups, fingerprint, type Comparison } from './bench/groups.ts';
import { planHomeTree } from './bench/home-tree.ts';
import { GNU_TIME, machineInfo, measure, median, type Measurement } from './bench/measure.ts';
import { allTools, aptInstall, onPath, type Tool } from './bench/peers.ts';
import { ensureTree, type BuiltTree } from './bench/tree.ts';
import { planWideFolder } from './bench/wide-tree.ts';
import { printDefaultMode, runDefaultMode, type DefaultModeSetup } from './bench/defaultMode.ts';
import { UNIQUE_FILES, uniqueSizeSetup, usrLibSetup } from './bench/defaultTrees.ts';

/** Bump when a generator changes, so that trees built by the old one are not reused. */
const LAYOUT = 1;
const DEFAULT_FILES = 50_000;
/** Bytes per DEFAULT_FILES files; larger trees grow up to MAX_DEFAULT_BYTES unless --bytes says otherwise. */
const DEFAULT_BYTES = 3.7e9;
const MAX_DEFAULT_BYTES = 10e9;
const WIDE_ENTRIES = 1_000_000;
const TREES = ['home', 'unique', 'usr-lib'];

const USAGE = `Usage: npm run bench:exact -- [options]
  --files N       files in the tree (default ${DEFAULT_FILES}; with --wide-folder ${WIDE_ENTRIES})
  --bytes B       total size, e.g. 3.7G (default 3.7 GB per 50,000 files, at most 10 GB)
  --runs K        timed runs per tool after one warm-up run (default 3)
  --only a,b      tools to run: shingle, jdupes, rdfind, fdupes, rmlint, duff (default all;
                  with --wide-folder shingle,jdupes)
  --wide-folder   one folder of 1,000,000 small files instead of a home-like tree
  --trees a,b     trees for the default-mode figures against jdupes: home (the tree above),
                  unique (${UNIQUE_FILES.toLocaleString('en-US')} files of mostly unique sizes, 1.6 GB), usr-lib (/usr/lib,
                  --hidden) (default all three; 'none' for none)
  --no-near       leave the near-on (default) scans out of the default-mode figures
  --near-usr-lib  time the near-on scans of /usr/lib too (a first scan took 6 minutes here)
  --keep          keep the tree for the next run (it is reused when the options match)
  --rebuild       rebuild the tree even if a matching one exists`;

const { values: options } = parseArgs({
  options: {
    files: { type: 'string' },
    bytes: { type: 'string' },
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    'wide-folder': { type: 'boolean', default: false },
    trees: { type: 'string' },
    near: { type: 'boolean', default: true },
    'near-usr-lib': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    rebuild: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
  allowNegative: true,
});
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}

/** "500000", "500,000", "500k", "3.7G", "3.7e9": decimal units, as disks are sold. */
function parseAmount(text: string, option: string): number {
  const match = /^([\d.,_e+]+)\s*([kmgt]?)b?$/i.exec(text.trim());
  const unit = { '': 1, k: 1e3, m: 1e6, g: 1e9, t: 1e12 }[(match?.[2] ?? '').toLowerCase()] ?? NaN;
  const value = Number(match?.[1]?.replace(/[,_]/g, '') ?? NaN) * unit;
  if (!Number.isFinite(value) || value < 1) {
    console.error(`--${option}: not a positive amount: ${text}\n\n${USAGE}`);
    process.exit(2);
  }
  return Math.round(value);
}

const wide = options['wide-folder'];
const files = options.files ? parseAmount(options.files, 'files') : wide ? WIDE_ENTRIES : DEFAULT_FILES;
const bytes = options.bytes ? parseAmount(options.bytes, 'bytes') : Math.round(Math.min(MAX_DEFAULT_BYTES, (DEFAULT_BYTES * files) / DEFAULT_FILES));
const runs = parseAmount(options.runs, 'runs');
const repoRoot = join(import.meta.dirname, '..');
const known = allTools(repoRoot);
const wanted = (options.only ?? (wide ? 'shingle,jdupes' : known.map((tool) => tool.name).join(','))).split(',').map((name) => name.trim());
const unknown = wanted.filter((name) => !known.some((tool) => tool.name === name));
if (unknown.length > 0) {
  console.error(`--only: unknown tool ${unknown.join(', ')}\n\n${USAGE}`);
  process.exit(2);
}
const trees = options.trees === 'none' ? [] : (options.trees ?? (wide ? 'home' : TREES.join(','))).split(',').map((name) => name.trim());
const unknownTrees = trees.filter((name) => !TREES.includes(name));
if (unknownTrees.length > 0) {
  console.error(`--trees: unknown tree ${unknownTrees.join(', ')}\n\n${USAGE}`);
  process.exit(2);
}
const num = (n: number) => n.toLocaleString('en-US');

console.log('Machine');
for (const line of machineInfo(tmpdir())) console.log(`  ${line}`);

// Peers: install what is missing where we can; GNU time gives each tool's peak RSS.
const selected = known.filter((tool) => wanted.includes(tool.name));
const missingPackages = [
  ...selected.filter((tool) => tool.aptPackage && !onPath(tool.executable)).map((tool) => tool.aptPackage as string),
  ...(existsSync(GNU_TIME) ? [] : ['time']),
];
if (missingPackages.length > 0) {
  console.log(`Missing: ${missingPackages.join(', ')}`);
  const refusal = aptInstall(missingPackages);
  if (refusal) console.log(`  cannot install them (${refusal}); going on without`);
}
const shingleCli = join(repoRoot, 'electron/node/cli/shingle.mjs');
const tools = selected.filter((tool) => (tool.name === 'shingle' ? true : onPath(tool.executable)));
const absent = selected.filter((tool) => !tools.includes(tool)).map((tool) => tool.name);
if (absent.length > 0) {
  console.log(`Not installed, skipped: ${absent.join(', ')} (Debian: apt-get install -y ${absent.join(' ')}; run as root and this script installs them)`);
}
if (!existsSync(GNU_TIME)) console.log(`${GNU_TIME} not found: peak RSS is not measured`);

const base = join(tmpdir(), wide ? `shingle-bench-exact-wide-${files}f-v${LAYOUT}` : `shingle-bench-exact-${files}f-${bytes}b-v${LAYOUT}`);
console.log(`\nTree under ${base}`);
const tree: BuiltTree = ensureTree(
  base,
  wide ? { kind: 'wide', files, layout: LAYOUT } : { kind: 'home', files, bytes, layout: LAYOUT },
  () => (wide ? planWideFolder(files) : planHomeTree(files, bytes)),
  options.rebuild,
);
const { manifest } = tree;
const percent = (part: number) => `${((100 * part) / manifest.files).toFixed(1)} %`;
console.log(`  ${tree.reused ? 'reused' : 'built'} (writing it took ${manifest.buildSeconds.toFixed(0)} s)`);
const layout = manifest.folders === 0 ? 'all in one folder' : `${num(manifest.folders)} folders, depth ≤ ${manifest.maxDepth}`;
console.log(`  ${num(manifest.files)} files, ${(manifest.bytes / 1e9).toFixed(2)} GB, ${layout}`);
console.log(
  `  duplicates: ${num(manifest.duplicateFiles)} files in ${num(manifest.groups.length)} groups ` +
    `(${num(manifest.copies)} copies = ${percent(manifest.copies)} of the files)`,
);
const { traps } = manifest;
console.log(
  `  traps: ${num(traps.first + traps.middle + traps.last)} same-size files one byte away from another ` +
    `(first ${traps.first}, middle ${traps.middle}, last ${traps.last}; ${traps.small} under 64 KiB, ${traps.large} larger)`,
);
console.log(`  ${num(manifest.sameSizeDifferent)} files share their size with a file of different content`);

const resultsDir = join(base, 'results');
mkdirSync(resultsDir, { recursive: true });
const truth = manifest.groups.map((group) => group.map((path) => join(tree.root, path)));

interface ToolResult {
  tool: Tool;
  version: string;
  failure?: string;
  comparison?: Comparison;
  answer?: string;
  timed: Measurement[];
}

function run(tool: Tool): Promise<Measurement> {
  const resultFile = join(resultsDir, `${tool.name}.out`);
  return measure(tool.executable, tool.args(tree.root, resultFile), {
    cwd: resultsDir,
    ...(tool.resultOnStdout ? { stdoutFile: resultFile } : {}),
  });
}

/** The warm-up run: fills the page cache and gives the answer that is checked. */
async function warmUp(tool: Tool): Promise<ToolResult> {
  const result: ToolResult = { tool, version: tool.version(), timed: [] };
  if (tool.name === 'shingle' && !existsSync(shingleCli)) return { ...result, failure: `CLI not found: ${relative(repoRoot, shingleCli)}` };
  const measurement = await run(tool);
  if (measurement.exitCode !== 0) {
    return { ...result, failure: `exit code ${measurement.exitCode}: ${measurement.stderrTail.trim().split('\n').slice(-3).join(' | ')}` };
  }
  try {
    const groups = tool.parse(readFileSync(join(resultsDir, `${tool.name}.out`), 'utf8'));
    return { ...result, comparison: compareGroups(truth, groups), answer: fingerprint(groups) };
  } catch (error) {
    return { ...result, failure: `unreadable output: ${(error as Error).message}` };
  }
}

function describePath(path: string): string {
  const size = existsSync(path) ? `${num(statSync(path).size)} B` : 'no such file';
  return `${relative(tree.root, path)} (${size})`;
}

console.log(`\nAnswers (warm-up run of each tool, checked against the ground truth)`);
const results: ToolResult[] = [];
for (const tool of tools) {
  const result = await warmUp(tool);
  results.push(result);
  const { comparison } = result;
  if (!comparison) {
    console.log(`  ✗ ${tool.name}: ${result.failure}`);
    continue;
  }
  const found = `${num(comparison.files)} duplicate files in ${num(comparison.groups)} groups`;
  if (agrees(comparison)) {
    console.log(`  ✓ ${tool.name}: ${found}, as expected`);
    continue;
  }
  console.log(
    `  ✗ ${tool.name}: ${found}; expected ${num(manifest.duplicateFiles)} in ${num(manifest.groups.length)} — ` +
      `${comparison.missing.length} missing, ${comparison.extra.length} not duplicates, ${comparison.regrouped} groups split or merged`,
  );
  for (const path of comparison.missing.slice(0, 3)) console.log(`      missing: ${describePath(path)}`);
  for (const path of comparison.extra.slice(0, 3)) console.log(`      not a duplicate: ${describePath(path)}`);
}
const answers = new Map<string, string[]>();
for (const { answer, tool } of results) if (answer) answers.set(answer, [...(answers.get(answer) ?? []), tool.name]);
if (answers.size > 1) for (const names of answers.values()) console.log(`  same answer: ${names.join(', ')}`);
else if (results.some((result) => result.comparison && !agrees(result.comparison))) {
  console.log('  every tool gave the same answer: has the tree changed since it was built? (--rebuild)');
}

// Timed runs go round-robin over the tools, so that noise from other work on the machine spreads evenly.
const timedResults = results.filter((result) => !result.failure);
for (let round = 1; round <= runs; round++) {
  for (const result of timedResults) {
    const measurement = await run(result.tool);
    result.timed.push(measurement);
    const rss = measurement.peakRssMB === undefined ? '' : `, ${measurement.peakRssMB.toFixed(0)} MB`;
    console.log(`  run ${round}/${runs} ${result.tool.name}: ${measurement.seconds.toFixed(2)} s${rss}`);
  }
}

const wall = (result: ToolResult | undefined) => (result && result.timed.length > 0 ? median(result.timed.map((m) => m.seconds)) : NaN);
const peakRss = (result: ToolResult) => Math.max(...result.timed.map((m) => m.peakRssMB ?? NaN));
const shingle = timedResults.find((result) => result.tool.name === 'shingle');
const jdupes = timedResults.find((result) => result.tool.name === 'jdupes');
const rows = [
  ['tool', 'version', 'median wall (s)', 'peak RSS (MB)', '× Shingle', 'answer', 'runs (s)'],
  ...results.map((result) => [
    result.tool.name,
    result.version,
    result.failure ? 'failed' : wall(result).toFixed(2),
    result.failure ? '' : peakRss(result).toFixed(0),
    result.failure || !shingle ? '' : `${(wall(result) / wall(shingle)).toFixed(2)}×`,
    result.comparison ? (agrees(result.comparison) ? 'correct' : 'WRONG') : '',
    result.timed.map((m) => m.seconds.toFixed(2)).join(' '),
  ]),
];
const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
console.log(`\nWarm page cache, ${runs} timed run(s) after one warm-up; ${num(manifest.files)} files, ${(manifest.bytes / 1e9).toFixed(2)} GB`);
for (const row of rows) console.log(`  ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}`.trimEnd());
if (shingle) console.log('  (shingle here: `scan --no-near --no-index`, no index; the default mode follows below)');
if (shingle && jdupes) console.log(`Shingle --no-near --no-index against jdupes: ${(wall(shingle) / wall(jdupes)).toFixed(2)}×`);
if (wide || files >= 200_000) {
  for (const result of [shingle, jdupes]) {
    if (result) console.log(`Peak RSS per file, ${result.tool.name}: ${((peakRss(result) * 2 ** 20) / manifest.files).toFixed(0)} B`);
  }
}

// The default mode against jdupes, on each tree asked for.
let defaultModeWrong = false;
if (trees.length > 0 && !tools.some((tool) => tool.name === 'jdupes')) console.log('\nDefault mode against jdupes: skipped, jdupes is not installed');
else if (trees.length > 0) {
  console.log(`\nDefault mode against jdupes (load average at start: ${loadavg().map((l) => l.toFixed(2)).join(' ')})`);
  for (const name of trees) {
    const work = mkdtempSync(join(tmpdir(), 'shingle-bench-default-'));
    try {
      const setup = defaultModeSetup(name, work);
      if (!setup) continue;
      const result = await runDefaultMode(setup);
      printDefaultMode(result);
      defaultModeWrong ||= result.wrong;
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  console.log(`Load average at end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

function defaultModeSetup(name: string, work: string): DefaultModeSetup | undefined {
  const common = { runs, work, shingleArgs: [] as string[], jdupesArgs: [] as string[], near: options.near };
  if (name === 'home') return { ...common, name: `${wide ? 'Wide folder' : 'Home-like tree'} (${num(manifest.files)} files, many of one size)`, roots: [tree.root], truth };
  if (name === 'unique') return uniqueSizeSetup(common, options.rebuild);
  return usrLibSetup({ ...common, near: options.near && options['near-usr-lib'] });
}

if (options.keep) console.log(`\nKept ${base}`);
else {
  rmSync(base, { recursive: true, force: true });
  console.log(`\nRemoved ${base} (--keep keeps it for the next run)`);
}
const shingleResult = results.find((result) => result.tool.name === 'shingle');
if (shingleResult && (shingleResult.failure || !shingleResult.comparison || !agrees(shingleResult.comparison))) {
  console.error('Shingle did not find exactly the duplicates of the tree.');
  process.exitCode = 1;
}
if (defaultModeWrong) {
  console.error('In the default mode, Shingle did not find exactly the duplicates of a tree, or a rescan differed from its first scan.');
  process.exitCode = 1;
}
