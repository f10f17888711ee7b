// The version of what fingerprinting computes from a text (tokens, shingles, sketches, samples).
// Fingerprints are cached in the index and analyses are kept there: both are keyed by it, so a
// change to any stage's output is never mixed with what the older code cached. Bump it with the
// digests test/shared/fingerprintFormat.test.ts pins. 2: U+16D67 composes with what precedes it.
// 3: a short document carries its chunk set (documentFingerprint.ts), which older rows lack.
export const FINGERPRINT_FORMAT = 3;
