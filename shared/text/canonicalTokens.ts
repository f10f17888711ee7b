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

const SEPARATOR = 0;
const WORD = 1;
const BIGRAM = 2;
/**
 * Soft hyphen, zero-width (non-)joiners, word joiner, BOM, variation selectors: invisible, so
 * they must neither split a word nor become one (an emoji's VS16 would otherwise be a token).
 */
const IGNORED = 3;
const SURROGATE = 4;
const CLASS_MASK = 7;
/** NFKC may change this character or combine it with its neighbour. */
const UNSAFE = 8;

const WORD_CHAR = /^[\p{L}\p{N}\p{M}]+$/u;
const MARK = /\p{M}/u;
const BIGRAM_SCRIPT =
  /^[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]+$/u;
const SHARP_S = 0xdf;
const LOWER_S = 0x73;

// Per-UTF-16-unit tables, filled one 256-unit block at a time on first use, so a text only
// pays for the scripts it contains.
const classOf = new Uint8Array(0x10000);
const lowerOf = new Uint16Array(0x10000);
const blockFilled = new Uint8Array(0x100);

function isIgnored(c: number): boolean {
  const invisible = c === 0xad || c === 0x200c || c === 0x200d || c === 0x2060 || c === 0xfeff;
  return invisible || (c >= 0xfe00 && c <= 0xfe0f) || (c >= 0xe0100 && c <= 0xe01ef);
}

function isConjoiningJamo(c: number): boolean {
  return (c >= 0x1100 && c <= 0x11ff) || (c >= 0xa960 && c <= 0xa97f) || (c >= 0xd7b0 && c <= 0xd7ff);
}

function classify(ch: string, code: number): number {
  let cls = SEPARATOR;
  if (isIgnored(code)) cls = IGNORED;
  else if (WORD_CHAR.test(ch)) cls = BIGRAM_SCRIPT.test(ch) ? BIGRAM : WORD;
  const unsafe = ch.normalize('NFKC') !== ch || (cls !== IGNORED && MARK.test(ch)) || isConjoiningJamo(code);
  return cls | (unsafe ? UNSAFE : 0);
}

function lowerUnit(ch: string): number {
  const lower = ch.toLowerCase();
  // Only İ lowercases to two units (i + combining dot); plain i is what readers mean.
  const unit = lower.length === 1 ? lower.charCodeAt(0) : 0x69;
  return unit === 0x3c2 ? 0x3c3 : unit;
}

function fillBlock(block: number): void {
  for (let c = block << 8; c < (block + 1) << 8; c++) {
    if (c >= 0xd800 && c <= 0xdfff) {
      classOf[c] = SURROGATE;
      lowerOf[c] = c;
      continue;
    }
    const ch = String.fromCharCode(c);
    classOf[c] = classify(ch, c);
    lowerOf[c] = lowerUnit(ch);
  }
  blockFilled[block] = 1;
}
fillBlock(0);

interface AstralChar {
  flags: number;
  lower: string;
}
const astralChars = new Map<number, AstralChar>();

function astralChar(cp: number): AstralChar {
  let info = astralChars.get(cp);
  if (info === undefined) {
    const ch = String.fromCodePoint(cp);
    info = { flags: classify(ch, cp), lower: ch.toLowerCase() };
    astralChars.set(cp, info);
  }
  return info;
}

function unitClass(c: number): number {
  if (blockFilled[c >>> 8] === 0) fillBlock(c >>> 8);
  return classOf[c]!;
}

function pairedCodePoint(s: string, i: number): number {
  const hi = s.charCodeAt(i);
  const lo = s.charCodeAt(i + 1);
  return hi <= 0xdbff && lo >= 0xdc00 && lo <= 0xdfff ? 0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00) : -1;
}

/** The folded UTF-16 units of s[start..end), skipping ignored characters. */
function foldedUnits(s: string, start: number, end: number, out: number[]): void {
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    const cls = unitClass(c) & CLASS_MASK;
    if (cls === SURROGATE) {
      const astral = astralChar(pairedCodePoint(s, i));
      if ((astral.flags & CLASS_MASK) !== IGNORED) for (let k = 0; k < astral.lower.length; k++) out.push(astral.lower.charCodeAt(k));
      i++;
    } else if (cls !== IGNORED) {
      const l = lowerOf[c]!;
      if (l === SHARP_S) out.push(LOWER_S, LOWER_S);
      else out.push(l);
    }
  }
}

const scratchUnits: number[] = [];

function hashRange(s: string, start: number, end: number, h: number): number {
  scratchUnits.length = 0;
  foldedUnits(s, start, end, scratchUnits);
  for (const u of scratchUnits) h = Math.imul(h ^ u, FNV_PRIME);
  return h;
}

function foldedString(s: string, start: number, end: number): string {
  scratchUnits.length = 0;
  foldedUnits(s, start, end, scratchUnits);
  // In slices: a token can be a whole base64 blob, longer than the argument list may be.
  let out = '';
  for (let i = 0; i < scratchUnits.length; i += 4096) out += String.fromCharCode(...scratchUnits.slice(i, i + 4096));
  return out;
}

// ASCII letters and digits map to their lowercase code, everything else to 0: the inner loop
// of the scan needs one load per character.
const asciiWordLower = new Uint8Array(0x80);
for (let c = 0; c < 0x80; c++) if ((classOf[c]! & CLASS_MASK) === WORD) asciiWordLower[c] = lowerOf[c]!;

/**
 * One pass over a string, emitting token hashes (and strings when asked). scan() returns false
 * as soon as it meets a character NFKC could change while checkUnsafe is set: the caller then
 * normalizes and rescans, so text that is already normal never pays for normalization.
 */
class TokenScanner {
  hashes: Uint32Array;
  count = 0;
  private readonly strings: string[] | null;
  private s = '';
  /** Characters in the current run of a bigram script, and the span of the last one. */
  private runLength = 0;
  private prevStart = 0;
  private prevEnd = 0;
  private prevUnit = 0;

  constructor(capacity: number, strings: string[] | null) {
    this.hashes = new Uint32Array(capacity);
    this.strings = strings;
  }

  scan(s: string, checkUnsafe: boolean): boolean {
    this.s = s;
    this.count = 0;
    if (this.strings !== null) this.strings.length = 0;
    this.runLength = 0;
    // The ASCII path keeps its state in locals; the rare paths go through the fields.
    let wordStart = -1;
    let h = FNV_OFFSET_BASIS;
    const n = s.length;
    let i = 0;
    while (i < n) {
      let c = s.charCodeAt(i);
      if (c < 0x80) {
        let l = asciiWordLower[c]!;
        if (l === 0) {
          if (wordStart >= 0) {
            this.endWord(h, wordStart, i);
            wordStart = -1;
          } else if (this.runLength > 0) this.endRun();
          i++;
          continue;
        }
        if (wordStart < 0) {
          if (this.runLength > 0) this.endRun();
          wordStart = i;
          h = FNV_OFFSET_BASIS;
        }
        do {
          h = Math.imul(h ^ l, FNV_PRIME);
          if (++i === n) break;
          c = s.charCodeAt(i);
          l = c < 0x80 ? asciiWordLower[c]! : 0;
        } while (l !== 0);
        continue;
      }
      let flags = unitClass(c);
      let width = 1;
      if ((flags & CLASS_MASK) === SURROGATE) {
        const cp = pairedCodePoint(s, i);
        flags = cp < 0 ? SEPARATOR : astralChar(cp).flags;
        if (cp >= 0) width = 2;
      }
      if (checkUnsafe && (flags & UNSAFE) !== 0) return false;
      const cls = flags & CLASS_MASK;
      if (cls === WORD) {
        if (wordStart < 0) {
          if (this.runLength > 0) this.endRun();
          wordStart = i;
          h = FNV_OFFSET_BASIS;
        }
        if (width === 2) h = hashRange(s, i, i + 2, h);
        else {
          const lower = lowerOf[c]!;
          if (lower === SHARP_S) h = Math.imul(Math.imul(h ^ LOWER_S, FNV_PRIME) ^ LOWER_S, FNV_PRIME);
          else h = Math.imul(h ^ lower, FNV_PRIME);
        }
      } else if (cls !== IGNORED) {
        if (wordStart >= 0) {
          this.endWord(h, wordStart, i);
          wordStart = -1;
        }
        if (cls === BIGRAM) this.addBigramChar(i, i + width);
        else if (this.runLength > 0) this.endRun();
      }
      i += width;
    }
    if (wordStart >= 0) this.endWord(h, wordStart, n);
    if (this.runLength > 0) this.endRun();
    return true;
  }

  private push(hash: number): void {
    if (this.count === this.hashes.length) {
      const grown = new Uint32Array(this.hashes.length * 2);
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.hashes[this.count++] = hash;
  }

  private endWord(h: number, start: number, end: number): void {
    this.push(fmix32(h));
    if (this.strings !== null) this.strings.push(foldedString(this.s, start, end));
  }

  private addBigramChar(start: number, end: number): void {
    const s = this.s;
    // Folded BMP unit of this character, or -1 for an astral one (hashed the slow way).
    const unit = end - start === 1 ? lowerOf[s.charCodeAt(start)]! : -1;
    if (this.runLength > 0) {
      let h: number;
      if (unit >= 0 && this.prevUnit >= 0) h = Math.imul(Math.imul(FNV_OFFSET_BASIS ^ this.prevUnit, FNV_PRIME) ^ unit, FNV_PRIME);
      else h = hashRange(s, start, end, hashRange(s, this.prevStart, this.prevEnd, FNV_OFFSET_BASIS));
      this.push(fmix32(h));
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
      this.push(fmix32(hashRange(this.s, this.prevStart, this.prevEnd, FNV_OFFSET_BASIS)));
      if (this.strings !== null) this.strings.push(foldedString(this.s, this.prevStart, this.prevEnd));
    }
    this.runLength = 0;
  }
}

function tokenize(text: string, strings: string[] | null): Uint32Array {
  const scanner = new TokenScanner(Math.max(16, text.length >>> 2), strings);
  if (!scanner.scan(text, true)) scanner.scan(text.normalize('NFKC'), false);
  const tokens = scanner.hashes.slice(0, scanner.count);
  releaseArray(scanner.hashes);
  return tokens;
}

/**
 * The canonical tokens' hashes, in order: hashString32 of each string canonicalTokens returns,
 * computed without building the strings.
 */
export function canonicalTokenHashes(text: string): Uint32Array {
  return tokenize(text, null);
}

/** The canonical tokens themselves, for tests and for people. */
export function canonicalTokens(text: string): string[] {
  const strings: string[] = [];
  tokenize(text, strings);
  return strings;
}
