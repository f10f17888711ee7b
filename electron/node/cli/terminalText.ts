// Text from the disk (file names, document excerpts) as it may be shown on a terminal: a name
// holding "\r" or "ESC[K" must not rewrite what the terminal shows. Human output only: JSON
// output stays exact (JSON.stringify escapes C0 controls itself).
import { displayPath } from '../../../shared/fsName.ts';
import { findLookAlikes } from '../../../shared/text/lookAlikeNames.ts';

// C0 controls and DEL, C1 controls (U+009B is CSI on some terminals), and the invisible marks and
// bidirectional overrides that can make a name read as another (U+061C, U+200E–F, U+202A–E, U+2066–9).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function escape(char: string): string {
  const code = char.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}` : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Any text for a terminal: control and bidi characters as \xNN / \uNNNN. */
export function terminalText(text: string): string {
  return text.replace(UNSAFE, escape);
}

/** A path for a terminal: bytes that are not UTF-8 as \xNN (displayPath), then terminalText. */
export function terminalPath(path: string): string {
  return terminalText(displayPath(path));
}

/**
 * terminalPath for paths shown together (a group): one that looks like another of them (NFC and
 * NFD, an invisible character) also carries a marker and its escaped form (lookAlikeNames.ts).
 */
export function terminalPathsAmong(paths: readonly string[]): (path: string) => string {
  const lookAlikes = findLookAlikes(paths);
  return (path) => {
    const escaped = lookAlikes.get(path);
    return escaped === undefined ? terminalPath(path) : `${terminalPath(path)} [look-alike name: ${escaped}]`;
  };
}
