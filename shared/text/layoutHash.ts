// A hash of a document's text as written, blind only to how it is spaced. Two documents of one
// canonical text (the same words once case, punctuation and digit grouping are folded) are the
// same text only if this hash agrees too: "1.50" and "1,50", "Total" and "TOTAL" are edits, not
// copies; a file re-wrapped, re-indented or saved with other line endings is not.
import { murmur3Finish, murmur3Round, murmur3Scramble } from '../fingerprint/hash32.ts';

/** White space and line ends: a run of them counts as one space. */
function isSpacing(c: number): boolean {
  if (c <= 0x20) return true;
  if (c < 0x85) return false;
  return c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200b) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;
}

/** Invisible characters that only shape a layout (soft hyphen, joiners, byte order mark): left out. */
function isInvisible(c: number): boolean {
  return c === 0xad || c === 0x200c || c === 0x200d || c === 0x2060 || c === 0xfeff;
}

/** Two MurmurHash3 (different seeds) of the UTF-16 units, each run of spacing as one space, none at the ends. */
export function layoutHash(text: string): string {
  let a = 0x2545f491 | 0;
  let b = 0x9e3779b9 | 0;
  let units = 0;
  let spaced = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isInvisible(c)) continue;
    if (isSpacing(c)) {
      spaced = units > 0;
      continue;
    }
    if (spaced) {
      const space = murmur3Scramble(0x20);
      a = murmur3Round(a, space);
      b = murmur3Round(b, space);
      units++;
      spaced = false;
    }
    const scrambled = murmur3Scramble(c);
    a = murmur3Round(a, scrambled);
    b = murmur3Round(b, scrambled);
    units++;
  }
  a = murmur3Finish(a, units);
  b = murmur3Finish(b, units);
  return `${units.toString(36)}-${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`;
}
