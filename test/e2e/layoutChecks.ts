// Layout checks for the end-to-end tests: what sticks out of its panel.
import type { Page } from '@playwright/test';

/**
 * Controls and text that reach past the edges of the panel holding them (by more than half a
 * pixel), as "panel > element" descriptions; panels are matched by `panelSelector`. What a box
 * inside the panel clips on purpose is left out; the box itself is checked.
 */
export function overflowingContent(page: Page, panelSelector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const found: string[] = [];
    const describe = (element: Element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
    for (const panel of document.querySelectorAll(selector)) {
      const box = panel.getBoundingClientRect();
      if (box.width === 0) continue;
      for (const element of panel.querySelectorAll('*')) {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0 || element.closest('.visually-hidden')) continue;
        // Inside a box that clips (an ellipsis, a scrolling list) it is the box that must fit.
        let clipped = false;
        for (let box = element.parentElement; box && box !== panel; box = box.parentElement) if (getComputedStyle(box).overflowX !== 'visible') clipped = true;
        if (clipped) continue;
        if (rect.right > box.right + 0.5 || rect.left < box.left - 0.5) found.push(`${describe(panel)} > ${describe(element)} (${Math.round(rect.left - box.left)}…${Math.round(rect.right - box.right)} px)`);
      }
    }
    return found;
  }, panelSelector);
}
