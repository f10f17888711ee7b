// The benchmarks' one stopwatch: a click timed inside the page, from the click to the frame after
// what the person waits for is shown (at least `atLeast` elements match `selector`, no text still
// loading, and, with `differences`, the comparison's status says its differences are counted).
import type { Locator } from '@playwright/test';

export interface ShownWhen {
  selector: string;
  atLeast: number;
  differences?: boolean;
}

export function timedClick(target: Locator, shown: ShownWhen): Promise<number> {
  return target.evaluate(
    (element, { selector, atLeast, differences }) =>
      new Promise<number>((resolve) => {
        const started = performance.now();
        const done = () =>
          document.querySelectorAll(selector).length >= atLeast &&
          !document.body.textContent!.includes('Loading text…') &&
          (!differences || /differences?$/.test(document.querySelector('.difference-status')?.textContent ?? ''));
        new MutationObserver((_, observer) => {
          if (!done()) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - started));
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
        (element as HTMLElement).click();
      }),
    shown,
  );
}
