// The canonical token stream of a text: what is left of a document once its format is gone.
// The same report as .txt, .html and .pdf must give (nearly) the same stream, so only runs of
// letters, digits and combining marks count; punctuation, spacing and line breaks never do.
//
// Canonical form: Unicode NFKC (ligatures, full-width forms, superscripts), then per-character
// lowercase plus the cheap parts of full case folding (ß → ss, final ς → σ, İ → i). Scripts
// written without spaces between words (Han, Hiragana, Katakana, Hangul, Thai, Lao, Khmer,
// Myanmar) become overlapping character bigrams; a lone such character is its own token.

import { FNV_OFFSET_BASIS, FNV_PRIME, fmix32 } from '../fingerprint/hash32.ts';
import { releaseArray } from '../fingerprint/releaseArray.ts';
import { BIGRAM, CLASS_MASK, IGNORED, LOWER_S, SEPARATOR, SHARP_S, SURROGATE, UNSAFE, WORD } from './charClasses.ts';
import { asciiWordLower, astralChar, classAt, foldedString, hashRange, isWordOrIgnored, lowerOf, pairedCodePoint, unitClass } from './charClasses.ts';

// As an int32, so the hash is one machine type in every path (the constant itself is above 2^31).
const BASIS = FNV_OFFSET_BASIS | 0;

// The scan goes CHUNK units at a time, and before each chunk makes room for one token per unit
// (no character makes more than one), so neither loop checks the capacity per token.
const CHUNK = 16_384;
// The token buffer outlives a text up to this size (1 MiB); allocating and zeroing a fresh one
// for every small file cost more than scanning it.
const KEEP_ENTRIES = 1 << 18;
let spareBuffer: Uint32Array | null = null;

// A normalized stretch of text runs at least this far, so that text with many characters NFKC
// changes (full-width forms, presentation forms) is normalized in few calls.
const MIN_SEGMENT = 256;

/**
 * One pass over a text, emitting the tokens' FNV-1a states (finished by fmix32 at the end) and
 * their strings when asked.
 *
 * Text that is already NFKC-normal (nearly all of it) is never normalized: the scan checks each
 * non-ASCII character and, at the first one NFKC could change, normalizes only a stretch from
 * the word before it to a separator at least MIN_SEGMENT further on, scans that, and goes on
 * checking. The reference path (fastPaths off) normalizes the whole text instead, as the scan
 * once did: the tests hold the two to the same tokens.
 *
 * Every character can go through step(), the general path. Without strings, runs of ASCII go
 * through asciiRun() instead: the same result for those characters, several times faster.
 */
class TokenScanner {
  hashes: Uint32Array;
  count = 0;
  private readonly strings: string[] | null;
  private s = '';
  /** The current word's hash state; BASIS outside a word. */
  private h = BASIS;
  private inWord = 0;
  private wordStart = 0;
  /** Characters in the current run of a bigram script, and the span of the last one. */
  private runLength = 0;
  private prevStart = 0;
  private prevEnd = 0;
  private prevUnit = 0;

  constructor(strings: string[] | null) {
    this.hashes = spareBuffer ?? new Uint32Array(2 * CHUNK);
    spareBuffer = null;
    this.strings = strings;
  }

  scan(text: string, fastPaths: boolean): void {
    const ascii = fastPaths && this.strings === null;
    const n = text.length;
    // Where the text was last resumed after a normalized stretch, and the tokens before it.
    let floor = 0;
    let floorCount = 0;
    let i = this.scanRange(text, 0, true, ascii);
    while (i < n) {
      // text[i] is the first character since `floor` that NFKC could change.
      let start = 0;
      let end = n;
      if (fastPaths) {
        start = this.resumePoint(text, i, floor);
        end = segmentEnd(text, Math.max(i + 1, start + MIN_SEGMENT));
      }
      if (start === floor) this.forget(floorCount);
      const normalized = text.slice(start, end).normalize('NFKC');
      this.scanRange(normalized, 0, false, ascii);
      floor = end;
      floorCount = this.count;
      i = end < n ? this.scanRange(text, end, true, ascii) : n;
    }
    if (this.inWord !== 0) this.endWord(this.s.length);
    if (this.runLength > 0) this.endRun();
    const hashes = this.hashes;
    for (let t = 0; t < this.count; t++) hashes[t] = fmix32(hashes[t]!);
  }

  /**
   * Where to normalize from, given that s[unsafe] is the first character since `floor` NFKC could
   * change: the start of the word it is in, or of the word before when it starts one. Everything
   * before is normal, a character NFKC leaves alone is a normalization boundary, and a separator
   * precedes the point, so NFKC(s) = s[..point] + NFKC(s[point..]) and no token spans the point.
   * The scan's state goes back to that point: `floor` when nothing else will do (a bigram script
   * or an astral character in the way).
   */
  private resumePoint(s: string, unsafe: number, floor: number): number {
    let start = unsafe;
    while (start > floor && isWordOrIgnored(s.charCodeAt(start - 1))) start--;
    let count = this.count;
    if (start === unsafe) {
      let wordEnd = start;
      while (wordEnd > floor && classAt(s, wordEnd - 1) === SEPARATOR) wordEnd--;
      start = wordEnd;
      let words = 0;
      while (start > floor && isWordOrIgnored(s.charCodeAt(start - 1))) words |= classAt(s, --start) === WORD ? 1 : 0;
      // The word before made one token, at the separator after it.
      count -= words;
    }
    if (start > floor && classAt(s, start - 1) !== SEPARATOR) return floor;
    if (start > floor) this.forget(count);
    return start;
  }

  /** Back to a clean state (between words, no bigram run) after the first `count` tokens. */
  private forget(count: number): void {
    this.count = count;
    if (this.strings !== null) this.strings.length = count;
    this.h = BASIS;
    this.inWord = 0;
    this.runLength = 0;
  }

  /**
   * Scans s from i on. With checkUnsafe, stops at the first character NFKC could change and
   * returns its index; otherwise (or without one) returns s.length.
   */
  private scanRange(s: string, i: number, checkUnsafe: boolean, asciiFastPath: boolean): number {
    this.s = s;
    const n = s.length;
    while (i < n) {
      const end = Math.min(n, i + CHUNK);
      this.reserve(end - i + 2);
      while (i < end) {
        if (asciiFastPath && s.charCodeAt(i) < 0x80) {
          // Every ASCII character ends a run of a bigram script.
          if (this.runLength > 0) this.endRun();
          i = this.asciiRun(s, i, end);
        } else {
          const next = this.step(s, i, checkUnsafe);
          if (next < 0) return i;
          i = next;
        }
      }
    }
    return n;
  }

  /** Hands the buffer back for the next text, or frees it now if it is large. */
  release(): void {
    if (this.hashes.length <= KEEP_ENTRIES) spareBuffer = this.hashes;
    else releaseArray(this.hashes);
    this.hashes = new Uint32Array(0);
  }

  private reserve(extra: number): void {
    if (this.count + extra <= this.hashes.length) return;
    const grown = new Uint32Array(Math.max(this.hashes.length * 2, this.count + extra));
    grown.set(this.hashes.subarray(0, this.count));
    if (this.hashes.length > KEEP_ENTRIES) releaseArray(this.hashes);
    this.hashes = grown;
  }

  /**
   * ASCII characters from i up to the first other one or `end`, with no branch on their class
   * (word boundaries are as unpredictable as words are long): masks select the next hash state,
   * and every character stores the current state after the last token, which only counts where
   * a word ends. Returns where it stopped.
   */
  private asciiRun(s: string, i: number, end: number): number {
    const out = this.hashes;
    let h = this.h;
    let inWord = this.inWord;
    let count = this.count;
    for (; i < end; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) break;
      const lower = asciiWordLower[c]!;
      const isWord = (lower + 0xff) >>> 8;
      out[count] = h;
      count += inWord & (isWord ^ 1);
      const mask = -isWord;
      h = (Math.imul(h ^ lower, FNV_PRIME) & mask) | (BASIS & ~mask);
      inWord = isWord;
    }
    this.h = h;
    this.inWord = inWord;
    this.count = count;
    return i;
  }

  /** The character at i, any character; returns where the next one starts, or -1 to normalize first. */
  private step(s: string, i: number, checkUnsafe: boolean): number {
    const c = s.charCodeAt(i);
    let flags = unitClass(c);
    let width = 1;
    if ((flags & CLASS_MASK) === SURROGATE) {
      const cp = pairedCodePoint(s, i);
      flags = cp < 0 ? SEPARATOR : astralChar(cp).flags;
      if (cp >= 0) width = 2;
    }
    if (checkUnsafe && (flags & UNSAFE) !== 0) return -1;
    const cls = flags & CLASS_MASK;
    if (cls === WORD) {
      if (this.inWord === 0) {
        if (this.runLength > 0) this.endRun();
        this.inWord = 1;
        this.wordStart = i;
      }
      if (width === 2) this.h = hashRange(s, i, i + 2, this.h);
      else {
        const lower = lowerOf[c]!;
        if (lower === SHARP_S) this.h = Math.imul(Math.imul(this.h ^ LOWER_S, FNV_PRIME) ^ LOWER_S, FNV_PRIME);
        else this.h = Math.imul(this.h ^ lower, FNV_PRIME);
      }
    } else if (cls !== IGNORED) {
      if (this.inWord !== 0) this.endWord(i);
      if (cls === BIGRAM) this.addBigramChar(i, i + width);
      else if (this.runLength > 0) this.endRun();
    }
    return i + width;
  }

  /** Room for it was reserved with its chunk. */
  private push(hash: number): void {
    this.hashes[this.count++] = hash;
  }

  private endWord(end: number): void {
    this.push(this.h);
    if (this.strings !== null) this.strings.push(foldedString(this.s, this.wordStart, end));
    this.h = BASIS;
    this.inWord = 0;
  }

  private addBigramChar(start: number, end: number): void {
    const s = this.s;
    // Folded BMP unit of this character, or -1 for an astral one (hashed the slow way).
    const unit = end - start === 1 ? lowerOf[s.charCodeAt(start)]! : -1;
    if (this.runLength > 0) {
      let h: number;
      if (unit >= 0 && this.prevUnit >= 0) h = Math.imul(Math.imul(BASIS ^ this.prevUnit, FNV_PRIME) ^ unit, FNV_PRIME);
      else h = hashRange(s, start, end, hashRange(s, this.prevStart, this.prevEnd, BASIS));
      this.push(h);
      if (this.strings !== null) this.strings.push(foldedString(s, this.prevStart, this.prevEnd) + foldedString(s, start, end));
    }
    this.runLength++;
    this.prevStart = start;
    this.prevEnd = end;
    this.prevUnit = unit;
  }

  /** A run of one character is a token by itself; longer runs have emitted their bigrams. */
  private endRun(): void {
    if (this.runLength === 1) {
      this.push(hashRange(this.s, this.prevStart, this.prevEnd, BASIS));
      if (this.strings !== null) this.strings.push(foldedString(this.s, this.prevStart, this.prevEnd));
    }
    this.runLength = 0;
  }
}

/**
 * Where a normalized stretch may end, at `from` or after: just after a separator NFKC leaves
 * alone (so the scan is between words there) and before a character it leaves alone (a
 * normalization boundary). The end of the text when there is no such place.
 */
function segmentEnd(s: string, from: number): number {
  for (let i = Math.max(from, 1); i < s.length; i++) {
    if (unitClass(s.charCodeAt(i - 1)) === SEPARATOR && (unitClass(s.charCodeAt(i)) & (UNSAFE | SURROGATE)) === 0) return i;
  }
  return s.length;
}

function tokenize(text: string, strings: string[] | null, fastPaths = true): Uint32Array {
  const scanner = new TokenScanner(strings);
  scanner.scan(text, fastPaths);
  const tokens = scanner.hashes.slice(0, scanner.count);
  scanner.release();
  return tokens;
}

/**
 * The canonical tokens' hashes, in order: hashString32 of each string canonicalTokens returns,
 * computed without building the strings.
 */
export function canonicalTokenHashes(text: string): Uint32Array {
  return tokenize(text, null);
}

/**
 * canonicalTokenHashes without the fast paths (ASCII runs, normalizing only stretches): the
 * reference the tests hold them to.
 */
export function canonicalTokenHashesGeneralPath(text: string): Uint32Array {
  return tokenize(text, null, false);
}

/** The canonical tokens themselves, for tests and for people. */
export function canonicalTokens(text: string): string[] {
  const strings: string[] = [];
  tokenize(text, strings);
  return strings;
}
