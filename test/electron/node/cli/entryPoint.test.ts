// The command's entry point (package.json "bin"): its version, where it keeps Node's compile
// cache, and one line for a Node that cannot run it.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

const entryPoint = fileURLToPath(new URL('../../../../electron/node/cli/shingle.mjs', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string };

describe('shingle.mjs', () => {
  let tree: TempTree;
  beforeAll(async () => {
    tree = await createTempTree({ 'cache/.keep': '', 'tmp/.keep': '' });
  });
  afterAll(() => tree.remove());

  function run(args: string[], nodeFlags: string[] = []) {
    const env: NodeJS.ProcessEnv = { ...process.env, XDG_CACHE_HOME: tree.path('cache'), TMPDIR: tree.path('tmp') };
    delete env.NODE_COMPILE_CACHE;
    return spawnSync(process.execPath, [...nodeFlags, entryPoint, ...args], { encoding: 'utf8', env });
  }

  it('--version prints the package version on stdout and keeps the compile cache in the user cache folder, not the temporary one', () => {
    const result = run(['--version']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`shingle ${version}\n`);
    expect(readdirSync(tree.path('cache/shingle/compile')).length).toBeGreaterThan(0);
    expect(readdirSync(tree.path('tmp'))).toEqual(['.keep']);
  });

  it('a Node that cannot run TypeScript gets one line naming the Node to use, no stack', () => {
    const result = run(['--version'], ['--no-experimental-strip-types']);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^shingle: needs a Node\.js that runs TypeScript, 22\.18 or later \(this is v[\d.]+ with type stripping off\): run it as `npx shingle`.*\n$/);
  });
});
