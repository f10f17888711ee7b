// The lint step is what keeps the process boundaries; this proves it actually rejects crossings.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('process boundaries', () => {
  it('shared/ may not import Node modules, electron or DOM globals', async () => {
    expect(await ruleIds("import { readFile } from 'node:fs';\nexport const f = readFile;\n", 'shared/x.ts')).toContain('no-restricted-imports');
    expect(await ruleIds("import fs from 'fs';\nexport const f = fs;\n", 'shared/x.ts')).toContain('no-restricted-imports');
    expect(await ruleIds("import { app } from 'electron';\nexport const a = app;\n", 'shared/x.ts')).toContain('no-restricted-imports');
    expect(await ruleIds('export const t = document.title;\n', 'shared/x.ts')).toContain('no-restricted-globals');
    expect(await ruleIds("import { x } from '../electron/node/y.ts';\nexport const z = x;\n", 'shared/x.ts')).toContain('no-restricted-imports');
  });

  it('renderer/ may not import Node modules or anything under electron/', async () => {
    expect(await ruleIds("import path from 'node:path';\nexport const p = path;\n", 'renderer/x.ts')).toContain('no-restricted-imports');
    expect(await ruleIds("import { x } from '../electron/node/y.ts';\nexport const z = x;\n", 'renderer/x.ts')).toContain('no-restricted-imports');
  });

  it('only electron/main and electron/preload import electron', async () => {
    expect(await ruleIds("import { app } from 'electron';\nexport const a = app;\n", 'electron/node/x.ts')).toContain('no-restricted-imports');
    expect(await ruleIds("import { app } from 'electron';\nexport const a = app;\n", 'electron/main/x.ts')).not.toContain('no-restricted-imports');
    expect(await ruleIds("import { readFile } from 'node:fs';\nexport const f = readFile;\n", 'electron/node/x.ts')).not.toContain('no-restricted-imports');
  });
});
