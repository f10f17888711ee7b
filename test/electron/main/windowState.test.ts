// The window comes back where it was, unless that place is off every screen.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SIZE, readWindowState, rememberWindowState, restorableBounds } from '../../../electron/main/windowState.ts';

const screen = { x: 0, y: 0, width: 1920, height: 1080 };
const secondScreen = { x: 1920, y: 0, width: 2560, height: 1440 };

describe('window state', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shingle-window-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is saved when the window closes and read back at the next start', async () => {
    const handlers = new Map<string, () => void>();
    const window = {
      on: (event: string, handler: () => void) => void handlers.set(event, handler),
      getNormalBounds: () => ({ x: 100, y: 50, width: 1000, height: 700 }),
      isMaximized: () => true,
    };
    rememberWindowState(window as never, dir);
    handlers.get('close')!();
    expect(JSON.parse(await readFile(join(dir, 'window.json'), 'utf8'))).toEqual({ bounds: { x: 100, y: 50, width: 1000, height: 700 }, maximized: true });
    expect(readWindowState(dir)).toEqual({ bounds: { x: 100, y: 50, width: 1000, height: 700 }, maximized: true });
  });

  it('is empty when missing, broken or absurd', async () => {
    expect(readWindowState(dir)).toEqual({ maximized: false });
    await writeFile(join(dir, 'window.json'), '{"bounds":');
    expect(readWindowState(dir)).toEqual({ maximized: false });
    await writeFile(join(dir, 'window.json'), JSON.stringify({ bounds: { x: 0, y: 0, width: 10, height: 10 }, maximized: 'yes' }));
    expect(readWindowState(dir)).toEqual({ bounds: undefined, maximized: false });
  });

  it('restores bounds whose title bar is on a screen, else the default size', () => {
    const onSecond = { x: 2500, y: 100, width: 1200, height: 800 };
    expect(restorableBounds({ bounds: onSecond, maximized: false }, [screen, secondScreen])).toEqual(onSecond);
    expect(restorableBounds({ bounds: onSecond, maximized: false }, [screen])).toEqual(DEFAULT_SIZE);
    expect(restorableBounds({ bounds: { x: -1100, y: 10, width: 1200, height: 800 }, maximized: false }, [screen])).toEqual({ x: -1100, y: 10, width: 1200, height: 800 });
    expect(restorableBounds({ bounds: { x: 100, y: -500, width: 1200, height: 800 }, maximized: false }, [screen])).toEqual(DEFAULT_SIZE);
    expect(restorableBounds({ maximized: false }, [screen])).toEqual(DEFAULT_SIZE);
  });
});
