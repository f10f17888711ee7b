// Deterministic random text and sets for the near-duplicate tests.

/** mulberry32: a small seeded generator, so every run sees the same data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ['ka', 'ro', 'mi', 'ten', 'sa', 'lo', 'pre', 'con', 'di', 'ver', 'ul', 'an', 'ing', 'ed', 'tion', 'ma', 'ne', 'or', 'is', 'the'];

export function vocabulary(random: () => number, size = 5000): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    let word = '';
    const syllables = 1 + Math.floor(random() * 3);
    for (let i = 0; i < syllables; i++) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    words.add(word);
  }
  return [...words];
}

/** Words drawn with a skew towards the start of the vocabulary, like real word frequencies. */
export function randomWords(random: () => number, vocab: readonly string[], count: number): string[] {
  const words: string[] = [];
  for (let i = 0; i < count; i++) words.push(vocab[Math.floor(vocab.length * random() ** 2)]!);
  return words;
}

/** Words set as prose: capitalized sentences of 8–20 words, paragraphs of 3–6 sentences. */
export function asProse(random: () => number, words: readonly string[]): string {
  let out = '';
  let inSentence = 0;
  let sentenceLength = 8 + Math.floor(random() * 13);
  let sentences = 0;
  for (const word of words) {
    out += inSentence === 0 ? word[0]!.toUpperCase() + word.slice(1) : word;
    if (++inSentence < sentenceLength) {
      out += ' ';
      continue;
    }
    inSentence = 0;
    sentenceLength = 8 + Math.floor(random() * 13);
    out += ++sentences % (3 + Math.floor(random() * 4)) === 0 ? '.\n\n' : '. ';
  }
  return out.trim() + '.';
}

/** Replaces a share of the words with other vocabulary words, at random positions. */
export function editWords(random: () => number, words: readonly string[], vocab: readonly string[], share: number): string[] {
  const edited = [...words];
  const edits = Math.round(share * words.length);
  for (let e = 0; e < edits; e++) edited[Math.floor(random() * edited.length)] = vocab[Math.floor(random() * vocab.length)]!;
  return edited;
}

/** Two sorted sets of random 32-bit values with the given union size and Jaccard resemblance. */
export function setPair(random: () => number, unionSize: number, resemblance: number): [Uint32Array, Uint32Array] {
  const values = new Set<number>();
  while (values.size < unionSize) values.add(Math.floor(random() * 4294967296));
  const all = [...values];
  const shared = Math.round(resemblance * unionSize);
  const a = all.slice(0, shared);
  const b = all.slice(0, shared);
  for (let i = shared; i < unionSize; i++) (i % 2 === 0 ? a : b).push(all[i]!);
  return [Uint32Array.from(a).sort(), Uint32Array.from(b).sort()];
}

/**
 * A text of 700 words and its version with every 60th word changed (to a word tagged `tag`):
 * alike far above the threshold, so a scan keeps the sketch's estimate for the pair.
 */
export function farAboveVersions(random: () => number, vocab: readonly string[], tag: string): [string, string] {
  const words = randomWords(random, vocab, 700);
  return [words.join(' '), words.map((w, i) => (i % 60 === 30 ? `zq${tag}x${i}` : w)).join(' ')];
}
