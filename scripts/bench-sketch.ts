// Throughput of the near-duplicate fingerprint stages on one core: canonical tokens, word
// shingles, MinHash sketch and the distinct-shingle count (the default pipeline), plus the sorted
// shingle set that exact verification and the other methods use. Generates English-like text;
// nothing is read from disk.
//
//   node scripts/bench-sketch.ts [--mb 50] [--runs 3]

import { parseArgs } from 'node:util';
import { distinctCount } from '../shared/fingerprint/distinctCount.ts';
import { minhashSketch } from '../shared/fingerprint/minhash.ts';
import { sortedSet } from '../shared/fingerprint/radixSort.ts';
import { wordShingleHashes } from '../shared/fingerprint/shingles.ts';
import { canonicalTokenHashes } from '../shared/text/canonicalTokens.ts';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '50' }, runs: { type: 'string', default: '3' } } });
const targetBytes = Number(values.mb) * 1e6;
const runs = Number(values.runs);

function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COMMON = 'the of and to a in is that for it as was with be by on not he this are or his from at which but have an they you were her she there been one all we their has would when if so no will more can said who also its into only other some could time these two may then do first any my now such like our over man me even most made after years many must before through back much where your way well down should because each just those people how too little state good very make world still own see men work long here get both between life being under never day same another know while last'.split(' ');
const SYLLABLES = ['con', 'ver', 'sa', 'tion', 'pre', 'ment', 'al', 'ing', 'ex', 'ter', 'ly', 'ro', 'di', 'ble', 'na', 'ous'];
const PUNCTUATION = [', ', ', ', '; ', ' — ', ' “', '” ', ' (', ') '];

/** ~targetBytes of prose in documents of 20 KB–1 MB: Zipf-like words, sentences, paragraphs. */
function englishLikeDocuments(random: () => number): string[] {
  const vocab = [...COMMON];
  while (vocab.length < 30_000) {
    let word = '';
    for (let s = 1 + Math.floor(random() * 3); s > 0; s--) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    vocab.push(random() < 0.02 ? `${word}é` : word);
  }
  const documents: string[] = [];
  let total = 0;
  while (total < targetBytes) {
    const size = 20_000 + Math.floor(random() ** 3 * 1_000_000);
    const parts: string[] = [];
    let length = 0;
    let inSentence = 0;
    while (length < size) {
      const word = vocab[Math.floor(vocab.length * random() ** 4)]!;
      const piece = inSentence === 0 ? word[0]!.toUpperCase() + word.slice(1) : word;
      const sentenceEnds = ++inSentence > 6 && random() < 0.12;
      const gap = sentenceEnds ? (random() < 0.2 ? '.\n\n' : '. ') : random() < 0.06 ? PUNCTUATION[Math.floor(random() * PUNCTUATION.length)]! : ' ';
      if (sentenceEnds) inSentence = 0;
      parts.push(piece, gap);
      length += piece.length + gap.length;
    }
    const document = parts.join('');
    documents.push(document);
    total += document.length;
  }
  return documents;
}

interface Stage {
  name: string;
  cpuMs: number;
}

function cpuMs(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function run(documents: string[]): Stage[] {
  const stages: Stage[] = ['canonicalize', 'shingle', 'sketch', 'count', 'sorted set'].map((name) => ({ name, cpuMs: 0 }));
  for (const text of documents) {
    let start = process.cpuUsage();
    const tokens = canonicalTokenHashes(text);
    stages[0]!.cpuMs += cpuMs(start);
    start = process.cpuUsage();
    const shingles = wordShingleHashes(tokens);
    stages[1]!.cpuMs += cpuMs(start);
    start = process.cpuUsage();
    minhashSketch(shingles);
    stages[2]!.cpuMs += cpuMs(start);
    start = process.cpuUsage();
    distinctCount(shingles);
    stages[3]!.cpuMs += cpuMs(start);
    start = process.cpuUsage();
    sortedSet(shingles);
    stages[4]!.cpuMs += cpuMs(start);
  }
  return stages;
}

const generated = performance.now();
const documents = englishLikeDocuments(seededRandom(1));
const megabytes = documents.reduce((sum, d) => sum + d.length, 0) / 1e6;
console.log(`${documents.length} documents, ${megabytes.toFixed(1)} MB of text (generated in ${((performance.now() - generated) / 1000).toFixed(1)} s)`);

const mbPerS = (ms: number) => `${((megabytes / ms) * 1000).toFixed(0).padStart(6)} MB/s`;
for (let r = 1; r <= runs; r++) {
  const wall = performance.now();
  const stages = run(documents);
  const pipeline = stages[0]!.cpuMs + stages[1]!.cpuMs + stages[2]!.cpuMs + stages[3]!.cpuMs;
  const line = stages.map((s) => `${s.name} ${mbPerS(s.cpuMs)}`).join('  ');
  console.log(`run ${r}: ${line}  | canonicalize+shingle+sketch+count ${mbPerS(pipeline)} (CPU time; wall ${((performance.now() - wall) / 1000).toFixed(2)} s for all five)`);
}
