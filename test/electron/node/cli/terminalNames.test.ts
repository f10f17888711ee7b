// Issue 11 item 8: a file name holding "\r" and "ESC[K" cannot rewrite what the terminal shows:
// human output escapes control characters; --json keeps every name exact.
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanReport } from '../../../../shared/report.ts';
import { terminalPath, terminalText } from '../../../../electron/node/cli/terminalText.ts';
import { lineReader } from '../../../helpers/lineReader.ts';
import { runCli, startCli } from '../../../helpers/runCli.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

const body = 'Minutes of the meeting held on the first of March.\n'.repeat(30);
const evil = 'keep.txt\r\u001b[Kinvoice.txt';
// eslint-disable-next-line no-control-regex -- looking for raw control characters is the point
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

let tree: TempTree;
beforeAll(async () => {
  tree = await createTempTree({ 'a.txt': body, [evil]: body });
});
afterAll(() => tree.remove());

describe('names on a terminal', () => {
  it('escapes control, C1 and bidi characters, and bytes that are not UTF-8', () => {
    expect(terminalText('a\tb\nc\u007f\u009b\u202ed')).toBe('a\\x09b\\x0Ac\\x7F\\x9B\\u202Ed');
    expect(terminalPath('/tmp/caf\udce9\r.txt')).toBe('/tmp/caf\\xE9\\x0D.txt');
    expect(terminalText('Grüße – “ok”')).toBe('Grüße – “ok”');
  });

  it('scan prints them escaped for people and exact in JSON', async () => {
    const human = await runCli(['scan', tree.root, '--no-index', '--no-near']);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('keep.txt\\x0D\\x1B[Kinvoice.txt');
    expect(human.stdout.replaceAll('\n', '')).not.toMatch(RAW_CONTROL);
    const json = await runCli(['scan', tree.root, '--no-index', '--no-near', '--json']);
    const report = JSON.parse(json.stdout) as ScanReport;
    expect(report.clusters[0]!.files.map((f) => f.path)).toContain(tree.path(evil));
  });

  it('apply --dry-run and the lines of a real run print them escaped', async () => {
    const scan = await runCli(['scan', tree.root, '--no-index', '--no-near', '--json']);
    const report = await tree.write('apply/report.json', scan.stdout);
    const options = [report, '--keep', 'shortest-path', '--action', 'trash', '--journal', tree.path('apply/journal.sqlite')];
    const dry = await runCli(['apply', ...options, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`  trash ${tree.root}/keep.txt\\x0D\\x1B[Kinvoice.txt (copy of ${tree.path('a.txt')})`);
    expect(dry.stdout.replaceAll('\n', '')).not.toMatch(RAW_CONTROL);
    // Refused (a reference folder), so nothing is touched: the refusal line names it on stderr.
    const refused = await runCli(['apply', ...options, '--reference', tree.root]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('keep.txt\\x0D\\x1B[Kinvoice.txt: in a reference folder');
    expect(refused.stderr.replaceAll('\n', '')).not.toMatch(RAW_CONTROL);
  });

  it('watch prints them escaped', async () => {
    const { child, done } = startCli(['watch', tree.root, '--no-index', '--no-near']);
    const stdout = lineReader(child.stdout!);
    await stdout.until((text) => text.startsWith('Watching'), 30_000);
    await writeFile(tree.path(`${evil} copy`), body);
    const added = await stdout.until((text) => /^[+~] /.test(text) && text.includes('copy'), 10_000);
    expect(added.text).toContain('keep.txt\\x0D\\x1B[Kinvoice.txt copy');
    expect(added.text).not.toMatch(RAW_CONTROL);
    child.kill('SIGINT');
    expect((await done).code).toBe(130);
  });
});
