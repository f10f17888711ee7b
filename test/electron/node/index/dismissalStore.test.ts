// Dismissals live in the index: kept across openings (restarts), once per cluster, restorable.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDismissalStore } from '../../../../electron/node/index/dismissalStore.ts';
import { openFileIndex } from '../../../../electron/node/index/fileIndex.ts';

let dir: string;
let indexPath: string;

beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'shingle-dismiss-')));
  indexPath = join(dir, 'index.sqlite');
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

it('keeps dismissals across openings, once each, until restored', () => {
  const first = openDismissalStore(indexPath);
  const whole = first.dismiss({ paths: ['/b', '/a'] });
  expect(first.dismiss({ paths: ['/a', '/b'] })).toBe(whole);
  const file = first.dismiss({ paths: ['/a', '/b'], file: '/b' });
  first.close();

  const again = openDismissalStore(indexPath);
  expect(again.list().map(({ paths, file: f }) => ({ paths, file: f })).sort((x, y) => (x.file ?? '').localeCompare(y.file ?? ''))).toEqual([
    { paths: ['/a', '/b'], file: undefined },
    { paths: ['/a', '/b'], file: '/b' },
  ]);
  expect(again.restore(whole)).toBe(true);
  expect(again.restore(whole)).toBe(false);
  expect(again.list().map((d) => d.id)).toEqual([file]);
  again.close();
});

it('shares the file with an open scan index', () => {
  const index = openFileIndex(indexPath);
  const store = openDismissalStore(indexPath);
  store.dismiss({ paths: ['/a', '/b'] });
  expect(store.list()).toHaveLength(1);
  store.close();
  index.close();
});
