import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeFsName, encodeFsName } from '../../../../shared/fsName.ts';
import { blobToPath, pathToBlob } from '../../../../electron/node/index/pathBlob.ts';
import { blobRangeBelow, isUnder, resolveScanRoots } from '../../../../electron/node/index/scanRoots.ts';

let dir: string;

beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'shingle-roots-')));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('path BLOBs', () => {
  it('are the exact bytes of fsName, both ways', () => {
    const names = ['/plain/ascii.txt', '/caf\u00e9/\u{1f600}.txt', '/raw/\udce9\udcff.txt', '/\ufeffbom-first', '/lone/\ud800-high', ''];
    for (const name of names) {
      expect(pathToBlob(name)).toEqual(encodeFsName(name));
      expect(blobToPath(encodeFsName(name))).toBe(decodeFsName(encodeFsName(name)));
    }
    expect(blobToPath(Uint8Array.of(0xef, 0xbb, 0xbf, 0x41))).toBe('\ufeffA');
  });
});

describe('scan roots', () => {
  it('resolves roots to real paths, drops missing ones and those inside another root', () => {
    const a = join(dir, 'a');
    mkdirSync(join(a, 'inner'), { recursive: true });
    mkdirSync(join(dir, 'a-b'));
    symlinkSync(a, join(dir, 'link'));
    expect(resolveScanRoots([join(a, 'inner'), join(dir, 'link'), join(dir, 'missing'), join(dir, 'a-b'), a])).toEqual([a, join(dir, 'a-b')]);
  });

  it('count the root itself and what is below it, not its siblings', () => {
    expect(isUnder('/r/x', '/r/x')).toBe(true);
    expect(isUnder('/r/x/y', '/r/x')).toBe(true);
    expect(isUnder('/r/x-y', '/r/x')).toBe(false);
    expect(isUnder('/anything', '/')).toBe(true);
  });

  it('bound every path below a root as BLOBs, raw 0xFF bytes included, and nothing else', () => {
    const { low, high } = blobRangeBelow('/r/x');
    const inside = ['/r/x/', '/r/x/a', '/r/x/\udcff', '/r/x/\udcff\udcff/\udcff'].map(pathToBlob);
    const outside = ['/r/x', '/r/x-y', '/r/x0', '/r/w/z', '/r/x\udcff'].map(pathToBlob);
    const compare = (a: Uint8Array, b: Uint8Array) => Buffer.compare(Buffer.from(a), Buffer.from(b));
    for (const path of inside) expect(compare(low, path) <= 0 && compare(path, high) < 0).toBe(true);
    for (const path of outside) expect(compare(low, path) <= 0 && compare(path, high) < 0).toBe(false);
  });
});
