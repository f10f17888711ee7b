// The benchmarks' one stopwatch: a click timed inside the page, from the click to the frame after
// what the person waits for is shown (at least `atLeast` elements match `selector`, no text still
// loading, and, with `differences`, the comparison's status says its differences are counted).
// A wait that never ends names its step and what the page showed instead: on a loaded machine a
// benchmark that hangs without saying where cannot be told from one that is slow.
import type { Locator } from '@playwright/test';

export interface ShownWhen {
  selector: string;
  atLeast: number;
  differences?: boolean;
  /** Named in the error when the page has not shown it within `timeoutMs`. */
  step: string;
  timeoutMs?: number;
}

export function timedClick(target: Locator, shown: ShownWhen): Promise<number> {
  return target.evaluate(
    (element, { selector, atLeast, differences, step, timeoutMs }) =>
      new Promise<number>((resolve, reject) => {
        const started = performance.now();
        const status = () => document.querySelector('.difference-status')?.textContent ?? '';
        const done = () =>
          document.querySelectorAll(selector).length >= atLeast &&
          !document.body.textContent!.includes('Loading text…') &&
          (!differences || /differences?$|^Same words$|^Difference \d+ of \d+$/.test(status()));
        const observer = new MutationObserver(() => {
          if (!done()) return;
          observer.disconnect();
          clearTimeout(timer);
          requestAnimationFrame(() => resolve(performance.now() - started));
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          const loading = document.body.textContent!.includes('Loading text…');
          reject(new Error(`${step}: not shown after ${timeoutMs} ms — ${document.querySelectorAll(selector).length} of ${atLeast} "${selector}", text ${loading ? 'still loading' : 'loaded'}, status "${status()}"`));
        }, timeoutMs);
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        (element as HTMLElement).click();
      }),
    { timeoutMs: 120_000, ...shown },
  );
}
