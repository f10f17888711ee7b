// The window's size and position, kept as window.json in the app's data folder and restored at
// the next start, unless the screen it was on is gone (a detached monitor).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserWindow, Rectangle } from 'electron';

export interface WindowState {
  bounds?: Rectangle;
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1280, height: 820 };

export function readWindowState(dataDir: string): WindowState {
  try {
    const stored = JSON.parse(readFileSync(join(dataDir, 'window.json'), 'utf8')) as Partial<WindowState>;
    return { bounds: isRectangle(stored.bounds) ? stored.bounds : undefined, maximized: stored.maximized === true };
  } catch {
    return { maximized: false };
  }
}

/**
 * The saved bounds when at least a corner of the title bar lies on one of the displays' work
 * areas, so the window can be grabbed; otherwise the default size, placed by the system.
 */
export function restorableBounds(state: WindowState, workAreas: readonly Rectangle[]): Partial<Rectangle> {
  const bounds = state.bounds;
  if (!bounds) return DEFAULT_SIZE;
  const titleBar = [
    { x: bounds.x + 20, y: bounds.y + 10 },
    { x: bounds.x + bounds.width - 20, y: bounds.y + 10 },
  ];
  const visible = titleBar.some((p) => workAreas.some((a) => p.x >= a.x && p.x < a.x + a.width && p.y >= a.y && p.y < a.y + a.height));
  return visible ? bounds : DEFAULT_SIZE;
}

/** Saves the window's normal (not maximized) bounds when it closes. */
export function rememberWindowState(window: BrowserWindow, dataDir: string): void {
  window.on('close', () => {
    const state: WindowState = { bounds: window.getNormalBounds(), maximized: window.isMaximized() };
    // Synchronous: the app may be quitting, and the file is a few bytes.
    try {
      writeFileSync(join(dataDir, 'window.json'), JSON.stringify(state));
    } catch (error) {
      console.error('shingle: could not save the window position:', error);
    }
  });
}

function isRectangle(value: unknown): value is Rectangle {
  const r = value as Partial<Rectangle> | undefined;
  return [r?.x, r?.y, r?.width, r?.height].every((n) => Number.isFinite(n)) && r!.width! >= 400 && r!.height! >= 300;
}
