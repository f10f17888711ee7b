// Every keyboard shortcut, in a modal dialog (Escape closes it).
import { ModalDialog } from './ModalDialog.tsx';
import { keyLabel, shortcuts } from './shortcuts.ts';

interface ShortcutHelpProps {
  onClose(): void;
}

export function ShortcutHelp({ onClose }: ShortcutHelpProps) {
  return (
    <ModalDialog title="Keyboard shortcuts" className="shortcut-help" onClose={onClose}>
      <dl>
        {shortcuts.map((s) => (
          <div key={s.action} className="shortcut-row">
            <dt>
              {s.keys.map((key) => (
                <kbd key={key}>{keyLabel(key)}</kbd>
              ))}
            </dt>
            <dd>{s.label}</dd>
          </div>
        ))}
      </dl>
    </ModalDialog>
  );
}
