// Every keyboard shortcut, in a modal dialog (Escape closes it).
import { useEffect, useRef } from 'react';
import { keyLabel, shortcuts } from './shortcuts.ts';

interface ShortcutHelpProps {
  onClose(): void;
}

export function ShortcutHelp({ onClose }: ShortcutHelpProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  return (
    <dialog ref={dialog} className="modal shortcut-help" aria-labelledby="shortcut-help-title" onClose={onClose}>
      <h2 id="shortcut-help-title">Keyboard shortcuts</h2>
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
      <button type="button" className="button" autoFocus onClick={() => dialog.current?.close()}>
        Close
      </button>
    </dialog>
  );
}
