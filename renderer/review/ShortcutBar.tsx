// The review's main keys, always in sight under the cluster ("?" lists them all).
import { keyLabel, shortcuts } from '../app/shortcuts.ts';
import type { ShortcutAction } from '../app/shortcuts.ts';

const shown: readonly ShortcutAction[] = ['nextCluster', 'previousCluster', 'nextFile', 'keep', 'delete', 'keepOnly', 'undo', 'nextDifference'];
const shortLabels: Partial<Record<ShortcutAction, string>> = {
  nextCluster: 'next',
  previousCluster: 'previous',
  nextFile: 'next file',
  keep: 'keep',
  delete: 'delete',
  keepOnly: 'keep only this',
  undo: 'undo',
  nextDifference: 'next difference',
};

export function ShortcutBar() {
  return (
    <footer className="shortcut-bar" aria-label="Keyboard shortcuts">
      <ul>
        {shortcuts
          .filter((s) => shown.includes(s.action))
          .map((s) => (
            <li key={s.action}>
              <kbd>{keyLabel(s.keys[0]!)}</kbd> {shortLabels[s.action]}
            </li>
          ))}
        <li>
          <kbd>?</kbd> all keys
        </li>
      </ul>
    </footer>
  );
}
