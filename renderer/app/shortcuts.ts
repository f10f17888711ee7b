// The keyboard: one table of shortcuts, used to handle keys and to show them.

export type ShortcutAction =
  | 'nextCluster'
  | 'previousCluster'
  | 'nextFile'
  | 'previousFile'
  | 'keep'
  | 'delete'
  | 'keepOnly'
  | 'clearMark'
  | 'undo'
  | 'nextDifference'
  | 'previousDifference'
  | 'openFile'
  | 'revealFile'
  | 'focusSearch'
  | 'toggleHelp';

export interface Shortcut {
  action: ShortcutAction;
  /** KeyboardEvent.key values; the first one is shown. */
  keys: readonly string[];
  label: string;
}

export const shortcuts: readonly Shortcut[] = [
  { action: 'nextCluster', keys: ['j'], label: 'Next cluster' },
  { action: 'previousCluster', keys: ['k'], label: 'Previous cluster' },
  { action: 'nextFile', keys: ['l', 'ArrowRight'], label: 'Next file' },
  { action: 'previousFile', keys: ['h', 'ArrowLeft'], label: 'Previous file' },
  { action: 'keep', keys: ['s'], label: 'Keep file' },
  { action: 'delete', keys: ['d'], label: 'Mark file for deletion' },
  { action: 'keepOnly', keys: ['D'], label: 'Keep file, delete the others' },
  { action: 'clearMark', keys: ['x'], label: 'Clear mark' },
  { action: 'undo', keys: ['u'], label: 'Undo' },
  { action: 'nextDifference', keys: ['n'], label: 'Next difference' },
  { action: 'previousDifference', keys: ['N', 'p'], label: 'Previous difference' },
  { action: 'openFile', keys: ['o'], label: 'Open file' },
  { action: 'revealFile', keys: ['r'], label: 'Show in folder' },
  { action: 'focusSearch', keys: ['/'], label: 'Search paths' },
  { action: 'toggleHelp', keys: ['?'], label: 'Keyboard shortcuts' },
];

const byKey = new Map(shortcuts.flatMap((s) => s.keys.map((key) => [key, s.action] as const)));

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** Keys typed into a field belong to the field. */
  inField: boolean;
}

export function shortcutFor(press: KeyPress): ShortcutAction | null {
  if (press.inField || press.altKey) return null;
  if (press.ctrlKey || press.metaKey) return press.key.toLowerCase() === 'z' ? 'undo' : null;
  return byKey.get(press.key) ?? null;
}

/** How a key is shown: arrows as arrows, letters as typed. */
export function keyLabel(key: string): string {
  return { ArrowRight: '→', ArrowLeft: '←', ArrowDown: '↓', ArrowUp: '↑' }[key] ?? key;
}
