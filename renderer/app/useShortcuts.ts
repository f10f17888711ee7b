// Each component handles the shortcuts for what it shows, while it is shown.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { shortcutFor } from './shortcuts.ts';
import type { ShortcutAction } from './shortcuts.ts';

export type ShortcutHandlers = Partial<Record<ShortcutAction, () => void>>;

function isField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button'].includes(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

export function useShortcuts(handlers: ShortcutHandlers): void {
  // The listener stays put; it always calls the newest handlers.
  const current = useRef(handlers);
  useLayoutEffect(() => {
    current.current = handlers;
  });
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return;
      const action = shortcutFor({ key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, inField: isField(event.target) });
      // A dialog in front takes the keys, except the one that closes the shortcut list.
      if (action !== 'toggleHelp' && event.target instanceof Element && event.target.closest('dialog')) return;
      const handler = action && current.current[action];
      if (!handler) return;
      event.preventDefault();
      handler();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
