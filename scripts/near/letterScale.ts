// `npm run bench:near-scale -- --letters 500,2000,8000`: form letters just under the threshold
// (formLetters.ts), each count scanned by `shingle scan --index` in its own process. Prints CPU
// seconds (all threads) and wall time, peak RSS, the index's size per document, and how many of
// the letters that truly have a partner at or above the threshold (every pair's exact resemblance,
// computed here for counts up to TRUTH_LIMIT) the scan put in a near cluster, and whether any
// claimed pair lies below it. Goal (issue 26): 4× the letters ≤ 5× the time; ≤ 20 KB per letter.
import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIN_DOCUMENT_WORDS } from '../../shared/cluster/claimRules.ts';
import { jaccard } from '../../shared/fingerprint/jaccard.ts';
import { chunkSet } from '../../shared/fingerprint/shingles.ts';
import { canonicalTokenHashes } from '../../shared/text/canonicalTokens.ts';
import { defaultScanOptions } from '../../shared/scanOptions.ts';
import { measure } from '../bench/measure.ts';
import { writeFormLetters } from './formLetters.ts';

// All pairs' exact resemblance: 8,000 letters are 32 million merges, still seconds.
const TRUTH_LIMIT = 8000;

interface ReportCluster {
  kind: string;
  files: { path: string; similarity?: number; matches?: string }[];
}

function letterFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.txt'))
    .map((name) => join(dir, name))
    .sort();
}

/** Letters with a partner at or above the threshold, and a checker of claimed pairs, from the exact sets. */
function truthOf(files: readonly string[], count: number, threshold: number) {
  const sets = new Map(files.map((file) => {
    const text = readFileSync(file, 'utf8');
    return [file, canonicalTokenHashes(text).length >= MIN_DOCUMENT_WORDS ? chunkSet(text, 'words') : new Uint32Array(0)] as const;
  }));
  const list = [...sets.values()];
  const partnered = new Set<string>();
  if (count <= TRUTH_LIMIT) {
    for (let i = 0; i < list.length; i++) for (let j = i + 1; j < list.length; j++) if (jaccard(list[i]!, list[j]!) >= threshold) partnered.add(files[i]!).add(files[j]!);
  }
  return { partnered, resemblance: (a: string, b: string) => jaccard(sets.get(a)!, sets.get(b)!) };
}

export async function letterScale(base: string, counts: readonly number[]): Promise<void> {
  const shingle = fileURLToPath(new URL('../../electron/node/cli/shingle.ts', import.meta.url));
  const threshold = defaultScanOptions.threshold;
  const rows: { count: number; cpu: number; wall: number }[] = [];
  for (const count of counts) {
    const dir = join(base, `letters-${count}`);
    const index = join(base, `index-${count}.db`);
    writeFormLetters(dir, count);
    const loadBefore = loadavg()[0]!.toFixed(2);
    const out = join(base, 'letters.json');
    const measured = await measure(process.execPath, [shingle, 'scan', dir, '--index', index, '--json'], { cwd: base, stdoutFile: out });
    if (measured.exitCode > 1) throw new Error(`scan of ${count} letters failed: ${measured.stderrTail}`);
    const indexBytes = ['', '-wal'].reduce((sum, suffix) => sum + (statSync(index + suffix, { throwIfNoEntry: false })?.size ?? 0), 0);
    const clusters = (JSON.parse(readFileSync(out, 'utf8')) as { clusters: ReportCluster[] }).clusters.filter((c) => c.kind === 'near');
    const truth = truthOf(letterFiles(dir), count, threshold);
    const clustered = new Set(clusters.flatMap((c) => c.files.map((f) => f.path)));
    // Every member's figure is its resemblance to the file it matches: below the threshold, or above the exact value, is a false claim.
    let below = 0;
    for (const c of clusters) {
      for (const f of c.files.slice(1)) {
        const exact = truth.resemblance(f.matches ?? c.files[0]!.path, f.path);
        if (exact < threshold || (f.similarity ?? 0) > exact + 1e-9) below++;
      }
    }
    const found = [...truth.partnered].filter((file) => clustered.has(file)).length;
    const recall = count <= TRUTH_LIMIT ? `${found} of ${truth.partnered.size} letters with a partner ≥ ${threshold} clustered` : 'recall not computed';
    console.log(
      `${count} letters: ${measured.cpuSeconds?.toFixed(1) ?? '?'} CPU-s, ${measured.seconds.toFixed(1)} s wall, peak RSS ${measured.peakRssMB?.toFixed(0) ?? '?'} MB, ` +
        `index ${(indexBytes / count / 1024).toFixed(1)} KB per letter; ${clusters.length} near clusters, ${recall}, ${below} members shown with a figure above their exact resemblance or below ${threshold}; ` +
        `load ${loadBefore} before, ${loadavg()[0]!.toFixed(2)} after`,
    );
    rows.push({ count, cpu: measured.cpuSeconds ?? NaN, wall: measured.seconds });
    rmSync(dir, { recursive: true, force: true });
    for (const suffix of ['', '-wal', '-shm']) rmSync(index + suffix, { force: true });
  }
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [rows[i - 1]!, rows[i]!];
    console.log(`${b.count} / ${a.count} letters: ×${(b.cpu / a.cpu).toFixed(1)} CPU, ×${(b.wall / a.wall).toFixed(1)} wall for ×${(b.count / a.count).toFixed(0)} letters (goal ≤ ×5 for ×4)`);
  }
}
