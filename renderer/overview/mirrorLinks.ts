// Duplicate folder pairs drawn as arcs between the areas that hold them: each folder of a pair
// goes to the deepest area drawn that is it or lies above it; a pair inside one area, or with a
// folder not drawn, has no arc (its figures still list it).
import type { FolderSummary } from '../../shared/folders/folderSummary.ts';
import type { FolderMatch } from '../../shared/report.ts';
import type { Area } from './treemapLayout.ts';

export interface MirrorLink {
  key: string;
  /** An SVG path: a curve bowing away from the straight line between the two areas' centres. */
  d: string;
}

function holds(folder: string, path: string): boolean {
  return path === folder || (path.startsWith(folder) && (path[folder.length] === '/' || path[folder.length] === '\\' || /[\\/]$/.test(folder)));
}

export function mirrorLinks(summary: FolderSummary, areas: readonly Area[], matches: readonly FolderMatch[]): MirrorLink[] {
  const areaOf = (path: string): Area | undefined => {
    let best: Area | undefined;
    for (const area of areas) if (holds(summary.folders[area.folder]!.path, path) && (!best || area.depth > best.depth)) best = area;
    return best;
  };
  const links = new Map<string, MirrorLink>();
  for (const match of matches) {
    const a = areaOf(match.folders[0]);
    const b = areaOf(match.folders[1]);
    if (!a || !b || a === b) continue;
    const pathA = summary.folders[a.folder]!.path;
    const pathB = summary.folders[b.folder]!.path;
    if (holds(pathA, pathB) || holds(pathB, pathA)) continue;
    const key = a.folder < b.folder ? `${a.folder}-${b.folder}` : `${b.folder}-${a.folder}`;
    const [x1, y1] = [a.x + a.width / 2, a.y + a.height / 2];
    const [x2, y2] = [b.x + b.width / 2, b.y + b.height / 2];
    // The control point sits off the midpoint, across the line, by a fifth of its length.
    const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
    const [cx, cy] = [mx - (y2 - y1) / 5, my + (x2 - x1) / 5];
    links.set(key, { key, d: `M${x1.toFixed(1)},${y1.toFixed(1)} Q${cx.toFixed(1)},${cy.toFixed(1)} ${x2.toFixed(1)},${y2.toFixed(1)}` });
  }
  return [...links.values()];
}
