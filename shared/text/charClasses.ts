// What the tokenizer needs to know of each character: its class (word, bigram script, separator,
// ignored), whether NFKC may change it, and its folded (lowercase) form; and the folding of spans.
// Per-UTF-16-unit tables, filled one 256-unit block at a time on first use, so a text only pays
// for the scripts it contains.

import { FNV_PRIME } from '../fingerprint/hash32.ts';

export const SEPARATOR = 0;
export const WORD = 1;
export const BIGRAM = 2;
/**
 * Soft hyphen, zero-width (non-)joiners, word joiner, BOM, variation selectors: invisible, so
 * they must neither split a word nor become one (an emoji's VS16 would otherwise be a token).
 */
export const IGNORED = 3;
export const SURROGATE = 4;
export const CLASS_MASK = 7;
/** NFKC may change this character or combine it with its neighbour. */
export const UNSAFE = 8;

export const SHARP_S = 0xdf;
export const LOWER_S = 0x73;

const WORD_CHAR = /^[\p{L}\p{N}\p{M}]+$/u;
const MARK = /\p{M}/u;
const BIGRAM_SCRIPT =
  /^[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]+$/u;

const classOf = new Uint8Array(0x10000);
/** The folded unit of a BMP unit: lowercase, final ς → σ, İ → i (ß is folded by the caller). */
export const lowerOf = new Uint16Array(0x10000);
const blockFilled = new Uint8Array(0x100);

function isIgnored(c: number): boolean {
  const invisible = c === 0xad || c === 0x200c || c === 0x200d || c === 0x2060 || c === 0xfeff;
  return invisible || (c >= 0xfe00 && c <= 0xfe0f) || (c >= 0xe0100 && c <= 0xe01ef);
}

function isConjoiningJamo(c: number): boolean {
  return (c >= 0x1100 && c <= 0x11ff) || (c >= 0xa960 && c <= 0xa97f) || (c >= 0xd7b0 && c <= 0xd7ff);
}

/**
 * Letters, not marks, that compose with the character before them: the conjoining jamo, and
 * Kirat Rai's vowel sign E (Unicode 16), the only others (a test checks every code point).
 */
function composesBackward(c: number): boolean {
  return isConjoiningJamo(c) || c === 0x16d67;
}

function classify(ch: string, code: number): number {
  let cls = SEPARATOR;
  if (isIgnored(code)) cls = IGNORED;
  else if (WORD_CHAR.test(ch)) cls = BIGRAM_SCRIPT.test(ch) ? BIGRAM : WORD;
  // Characters other than these are normalization boundaries: NFKC(a + b) = a + NFKC(b) when a
  // is normal and b starts with one, which lets the tokenizer normalize only stretches of text.
  const unsafe = ch.normalize('NFKC') !== ch || (cls !== IGNORED && MARK.test(ch)) || composesBackward(code);
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

export interface AstralChar {
  flags: number;
  lower: string;
}
const astralChars = new Map<number, AstralChar>();

export function astralChar(cp: number): AstralChar {
  let info = astralChars.get(cp);
  if (info === undefined) {
    const ch = String.fromCodePoint(cp);
    info = { flags: classify(ch, cp), lower: ch.toLowerCase() };
    astralChars.set(cp, info);
  }
  return info;
}

/** Class and UNSAFE flag of a code point, without caching it (for tests that visit them all). */
export function codePointFlags(cp: number): number {
  return cp < 0x10000 ? unitClass(cp) : classify(String.fromCodePoint(cp), cp);
}

/** Class and UNSAFE flag of a UTF-16 unit (SURROGATE for either half of a pair). */
export function unitClass(c: number): number {
  if (blockFilled[c >>> 8] === 0) fillBlock(c >>> 8);
  return classOf[c]!;
}

/** The class of the UTF-16 unit at i (SURROGATE for either half of a pair). */
export function classAt(s: string, i: number): number {
  return unitClass(s.charCodeAt(i)) & CLASS_MASK;
}

export function isWordOrIgnored(c: number): boolean {
  const cls = unitClass(c) & CLASS_MASK;
  return cls === WORD || cls === IGNORED;
}

/** The code point of the surrogate pair at s[i], or -1 when s[i] does not start one. */
export function pairedCodePoint(s: string, i: number): number {
  const hi = s.charCodeAt(i);
  const lo = s.charCodeAt(i + 1);
  return hi <= 0xdbff && lo >= 0xdc00 && lo <= 0xdfff ? 0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00) : -1;
}

/**
 * ASCII letters and digits map to their lowercase code, everything else to 0: the tokenizer's
 * ASCII loop needs one load per character and no branch on its class.
 */
export const asciiWordLower = new Uint8Array(0x80);
for (let c = 0; c < 0x80; c++) if ((classOf[c]! & CLASS_MASK) === WORD) asciiWordLower[c] = lowerOf[c]!;

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

/** FNV-1a state h continued over the folded units of s[start..end). */
export function hashRange(s: string, start: number, end: number, h: number): number {
  scratchUnits.length = 0;
  foldedUnits(s, start, end, scratchUnits);
  for (const u of scratchUnits) h = Math.imul(h ^ u, FNV_PRIME);
  return h;
}

/** The folded text of s[start..end). */
export function foldedString(s: string, start: number, end: number): string {
  scratchUnits.length = 0;
  foldedUnits(s, start, end, scratchUnits);
  // In slices: a token can be a whole base64 blob, longer than the argument list may be.
  let out = '';
  for (let i = 0; i < scratchUnits.length; i += 4096) out += String.fromCharCode(...scratchUnits.slice(i, i + 4096));
  return out;
}
