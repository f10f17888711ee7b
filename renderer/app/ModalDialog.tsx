// The frame of every modal dialog: shown modal once mounted, closed by Escape or its Close button,
// and `onClose` tells the owner so it can unmount it.
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

interface ModalDialogProps {
  title: string;
  /** The dialog's own class (its width, in its stylesheet). */
  className: string;
  onClose(): void;
  children: ReactNode;
}

export function ModalDialog({ title, className, onClose, children }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = `${className}-title`;
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  return (
    <dialog ref={dialog} className={`modal ${className}`} aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="modal-close">
        <button type="button" className="button quiet" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  );
}
