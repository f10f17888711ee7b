// Keyboard focus and what the person can see: the focused file's column is scrolled into
// view, and a mark key only acts on a file whose column (or row) is in view.

/** The least share of a file's column that must be in view for a key to mark it. */
const VISIBLE_SHARE = 0.6;

function fileElement(index: number): HTMLElement | null {
  return document.querySelector<HTMLElement>(`.cluster-view [data-file-index="${index}"]`);
}

export function revealColumn(index: number): void {
  fileElement(index)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/** Share of the element's width inside every scrolling box around it and the window. */
function visibleShare(element: HTMLElement): number {
  const rect = element.getBoundingClientRect();
  if (rect.width === 0 || rect.height === 0) return 0;
  let left = Math.max(rect.left, 0);
  let right = Math.min(rect.right, window.innerWidth);
  const top = Math.max(rect.top, 0);
  const bottom = Math.min(rect.bottom, window.innerHeight);
  for (let box = element.parentElement; box; box = box.parentElement) {
    const style = getComputedStyle(box);
    if (style.overflowX === 'visible') continue;
    const boxRect = box.getBoundingClientRect();
    left = Math.max(left, boxRect.left);
    right = Math.min(right, boxRect.right);
  }
  return bottom > top ? Math.max(0, right - left) / rect.width : 0;
}

/**
 * True when file `index` of the open cluster may be marked by key: it is shown and mostly in
 * view. Otherwise it is brought into view, and the key does nothing this time.
 */
export function ensureFileVisible(index: number): boolean {
  const element = fileElement(index);
  if (!element) return false;
  if (visibleShare(element) >= VISIBLE_SHARE) return true;
  element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  return false;
}
