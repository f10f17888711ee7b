// Between a document pane's pixels and its text's character offsets, through the runs that
// DocumentText marks with data-start. Used by aligned scrolling.

interface TextPoint {
  node: Text;
  offset: number;
}

function textNodes(root: Node): Text[] {
  const nodes: Text[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  return nodes;
}

/** The top of the line holding `point`, in viewport pixels. */
function lineTop({ node, offset }: TextPoint): number | null {
  const range = document.createRange();
  const at = Math.min(offset, Math.max(0, node.length - 1));
  range.setStart(node, at);
  range.setEnd(node, Math.min(node.length, at + 1));
  const rect = range.getClientRects()[0] ?? range.getBoundingClientRect();
  return rect.height > 0 || rect.top !== 0 ? rect.top : null;
}

/** The first index in [0, count) for which `isBelow` holds (count when none does); `isBelow` is monotonic. */
function firstBelow(count: number, isBelow: (index: number) => boolean): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (isBelow(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

function charBottom(nodes: readonly Text[], index: number): number {
  let rest = index;
  for (const node of nodes) {
    if (rest < node.length) {
      const range = document.createRange();
      range.setStart(node, rest);
      range.setEnd(node, rest + 1);
      return range.getBoundingClientRect().bottom;
    }
    rest -= node.length;
  }
  return Infinity;
}

/**
 * The first character whose line reaches below the pane's top: its offset in the document, and
 * how far below the pane's top its line starts. Found by geometry alone (runs, then characters,
 * by bisection), so it works for a pane scrolled out of the window too.
 */
export function offsetAtTop(pane: HTMLElement): { offset: number; below: number } | null {
  const runs = pane.querySelectorAll<HTMLElement>('.document-body [data-start]');
  if (runs.length === 0) return null;
  const y = pane.getBoundingClientRect().top + 1;
  const runIndex = Math.min(runs.length - 1, firstBelow(runs.length, (i) => runs[i]!.getBoundingClientRect().bottom > y));
  const run = runs[runIndex]!;
  const nodes = textNodes(run);
  const length = nodes.reduce((sum, node) => sum + node.length, 0);
  const within = Math.min(Math.max(0, length - 1), firstBelow(length, (i) => charBottom(nodes, i) > y));
  let rest = within;
  const node = nodes.find((n) => (rest < n.length ? true : ((rest -= n.length), false)));
  const top = node ? lineTop({ node, offset: rest }) : null;
  return { offset: Number(run.dataset.start) + within, below: (top ?? y) - pane.getBoundingClientRect().top };
}

/** The text node and offset of document offset `offset` in the pane, if the pane shows text. */
function pointAt(pane: HTMLElement, offset: number): TextPoint | null {
  const runs = pane.querySelectorAll<HTMLElement>('.document-body [data-start]');
  if (runs.length === 0) return null;
  let low = 0;
  let high = runs.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (Number(runs[middle]!.dataset.start) <= offset) low = middle;
    else high = middle - 1;
  }
  const run = runs[low]!;
  let rest = offset - Number(run.dataset.start);
  const nodes = textNodes(run);
  for (const node of nodes) {
    if (rest < node.length) return { node, offset: Math.max(0, rest) };
    rest -= node.length;
  }
  const last = nodes.at(-1);
  return last ? { node: last, offset: last.length } : null;
}

/**
 * The scrollTop that puts the line holding `offset` `below` pixels under the pane's top, or null
 * when it cannot tell. Only reads layout, so that several panes can be measured before any moves.
 */
export function scrollTopFor(pane: HTMLElement, offset: number, below: number): number | null {
  const point = pointAt(pane, offset);
  const top = point && lineTop(point);
  if (top === null || top === undefined) return null;
  return pane.scrollTop + top - pane.getBoundingClientRect().top - below;
}
