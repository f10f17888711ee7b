// What a newcomer reads and what npm checks say the same: the Node versions in package.json's
// `engines` (and the lockfile's copy, which `npm ci` reads) are the ones the README names.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const read = (name: string) => readFile(new URL(`../${name}`, import.meta.url), 'utf8');

describe('the supported Node versions', () => {
  it('are the same in package.json, the lockfile and the README', async () => {
    const engines = (JSON.parse(await read('package.json')) as { engines: { node: string } }).engines.node;
    const lock = JSON.parse(await read('package-lock.json')) as { packages: Record<string, { engines?: { node?: string } }> };
    expect(lock.packages['']?.engines?.node).toBe(engines);
    expect(engines).toBe('^20.19.0 || >=22.12.0');
    expect(await read('README.md')).toContain('Node.js 20.19 or later 20.x, or 22.12 or later');
  });
});
