// The picture: the shown folder's subfolders as areas (what removing their copies frees), their
// own subfolders inside, the duplicate folder pairs as arcs between their areas. One tab stop:
// the arrow keys go from area to area (largest first), Enter opens one, Backspace goes back up;
// each area's label reads its figures out.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { formatBytes } from '../../shared/format.ts';
import { displayPath } from '../../shared/fsName.ts';
import { reclaimBytes } from '../../shared/folders/folderSummary.ts';
import type { FolderMatch } from '../../shared/report.ts';
import { baseName } from '../format/paths.ts';
import { figuresText, mainKind } from './kinds.ts';
import { mirrorLinks } from './mirrorLinks.ts';
import type { Area, FolderTree } from './treemapLayout.ts';
import { areaLabel, HEADER, layoutLevel } from './treemapLayout.ts';

interface FolderTreemapProps {
  tree: FolderTree;
  shown: number;
  selected: number | null;
  matches: readonly FolderMatch[];
  onSelect(folder: number): void;
  onZoom(folder: number): void;
  onBack(): void;
}

function useSize<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, ...size };
}

export function FolderTreemap({ tree, shown, selected, matches, onSelect, onZoom, onBack }: FolderTreemapProps) {
  const { ref, width, height } = useSize<HTMLDivElement>();
  const areas = useMemo(() => layoutLevel(tree, shown, width, height), [tree, shown, width, height]);
  const top = useMemo(() => areas.filter((area) => area.depth === 1), [areas]);
  const links = useMemo(() => mirrorLinks(tree.summary, areas, matches), [tree, areas, matches]);
  // The tab stop, per folder shown: a new level starts at its largest folder.
  const [focus, setFocus] = useState({ shown, index: 0 });
  const focused = focus.shown === shown ? focus.index : 0;
  const setFocused = (index: number) => setFocus({ shown, index });
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  /** Set by a key that moves the focus (to another area, or into a new level): the effect below moves it once drawn. */
  const moved = useRef(false);
  const { folders } = tree.summary;

  useEffect(() => {
    const area = top[focused];
    if (!moved.current || !area) return;
    moved.current = false;
    buttons.current.get(area.folder)?.focus();
  }, [focused, top]);

  function onKeyDown(event: KeyboardEvent, index: number) {
    const area = top[index]!;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      const next = Math.min(top.length - 1, Math.max(0, index + step));
      moved.current = true;
      setFocused(next);
      onSelect(top[next]!.folder);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      const next = event.key === 'Home' ? 0 : top.length - 1;
      moved.current = true;
      setFocused(next);
      onSelect(top[next]!.folder);
    } else if (event.key === 'Enter' && area.nested) {
      event.preventDefault();
      moved.current = true;
      onZoom(area.folder);
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      moved.current = true;
      onBack();
    }
  }

  const areaProps = (area: Area) => {
    const folder = folders[area.folder]!;
    const name = baseName(folder.path);
    const label = areaLabel(name, formatBytes(reclaimBytes(folder)), area.width);
    return { folder, name, label };
  };

  return (
    <div className="treemap" ref={ref} role="group" aria-label="Folders by reclaimable space" aria-describedby="treemap-keys">
      {areas.map((area) => {
        const { folder, name, label } = areaProps(area);
        const index = area.depth === 1 ? top.indexOf(area) : -1;
        // One line of label (16 px and its padding): the header of a folder drawn with its subfolders is that high.
        const tall = area.height >= HEADER;
        return (
          <button
            key={area.folder}
            type="button"
            ref={area.depth === 1 ? (element) => void (element ? buttons.current.set(area.folder, element) : buttons.current.delete(area.folder)) : undefined}
            className={`treemap-area depth-${area.depth} kind-${mainKind(folder)}${area.nested ? ' nested' : ''}`}
            style={{ left: area.x, top: area.y, width: area.width, height: area.height }}
            aria-label={`${name}: ${figuresText(folder)}, in ${folder.clusters} cluster${folder.clusters === 1 ? '' : 's'}`}
            aria-pressed={selected === area.folder}
            title={`${displayPath(folder.path)}\n${figuresText(folder)}`}
            tabIndex={area.depth === 1 && index === focused ? 0 : -1}
            onClick={() => {
              if (index >= 0) setFocused(index);
              onSelect(area.folder);
            }}
            onDoubleClick={() => (tree.children.get(area.folder)?.length ? onZoom(area.folder) : undefined)}
            onKeyDown={index >= 0 ? (event) => onKeyDown(event, index) : undefined}
            // Reached by Tab (or clicked): its figures are shown beside.
            onFocus={index >= 0 ? () => selected !== area.folder && onSelect(area.folder) : undefined}
          >
            {label && tall && (
              <span className="treemap-label" aria-hidden="true">
                <span className="treemap-name">{label.name}</span>
                {label.size && <span className="treemap-size">{label.size}</span>}
              </span>
            )}
          </button>
        );
      })}
      {links.length > 0 && (
        <svg className="treemap-links" width={width} height={height} aria-hidden="true">
          {links.map((link) => (
            <path key={link.key} d={link.d} className="treemap-link" />
          ))}
        </svg>
      )}
      <p id="treemap-keys" className="visually-hidden">
        Arrow keys move between folders, Enter shows the inside of one, Backspace goes back up.
      </p>
    </div>
  );
}
