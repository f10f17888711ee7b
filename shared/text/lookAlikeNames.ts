// Names that look the same and are not. "résumé.pdf" written with precomposed letters (NFC) and
// with a letter followed by a combining accent (NFD), or a name with a zero-width space, a bidi
// control or a non-breaking space in it, prints exactly like another: the preview would show the
// same name as kept and as removed. Names whose difference is invisible are found here and shown
// with a marker and an escaped form in which every character that is not plain ASCII is spelled
// out as its code point, so the two read differently. One rule for the CLI and the app.

// Characters that draw nothing: zero-width spaces and joiners, bidi controls, variation
// selectors, soft hyphens, the byte order mark (Unicode's Default_Ignorable_Code_Point).
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * What a name looks like, as text: compatibility-normalized (NFKC: composed accents, a
 * non-breaking or other wide space as a space, a ligature as its letters) without the characters
 * that draw nothing. Two names with one key and different text look alike.
 */
export function lookAlikeKey(name: string): string {
  return name.replace(IGNORABLE, '').normalize('NFKC');
}

/**
 * `name` with every character outside printable ASCII as \uXXXX (\u{XXXXX} beyond 16 bits). A
 * backslash stays one (a Windows separator): a name spelling "\u00E9" in letters has another key
 * than one holding an é, so the two are never in one group, and the escaped forms of a group differ.
 */
export function escapeLookAlike(name: string): string {
  let out = '';
  for (const char of name) {
    const code = char.codePointAt(0)!;
    if (code >= 0x20 && code < 0x7f) out += char;
    else out += code > 0xffff ? `\\u{${code.toString(16).toUpperCase()}}` : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return out;
}

/**
 * The paths among `paths` (the files shown together: a cluster, a plan's group) that look like
 * another of them and are not the same text, each with its escaped form; the others are absent.
 */
export function findLookAlikes(paths: readonly string[]): Map<string, string> {
  const byKey = new Map<string, Set<string>>();
  for (const path of paths) {
    const key = lookAlikeKey(path);
    let same = byKey.get(key);
    if (!same) byKey.set(key, (same = new Set()));
    same.add(path);
  }
  const found = new Map<string, string>();
  for (const same of byKey.values()) {
    if (same.size < 2) continue;
    for (const path of same) found.set(path, escapeLookAlike(path));
  }
  return found;
}
