// Issue 25 item 1: folders by identity. A folder named another way than the scan reached it (a
// bind mount, another case on a case-insensitive volume) is still the same folder to every rule:
// --reference protects it, in:/not-in: pick by it, and --to may not land in a scanned folder.
// The mounts are made in a namespace of their own (mountNamespace.ts), by an unprivileged user.
import { mkdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prose } from '../../../helpers/documents.ts';
import { cliPath } from '../../../helpers/runCli.ts';
import { exists } from '../../../helpers/exists.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { bindMountUnavailable, caseInsensitiveUnavailable, inMountNamespace } from '../actions/mountNamespace.ts';

const precious = 'The only signed copy of the contract.\n'.repeat(40);
const OLD = new Date(Date.UTC(2020, 0, 1));
const bindUnavailable = bindMountUnavailable();
const SCAN = '"$NODE" "$CLI" scan "$SCANNED" --json --no-near --no-index > "$REPORT" || exit 98';
const APPLY = '"$NODE" "$CLI" apply "$REPORT" --journal "$JOURNAL"';

describe.skipIf(bindUnavailable !== undefined)(`a folder through a bind mount (${bindUnavailable ?? '/data/view is /data'})`, () => {
  let tree: TempTree;
  let env: Record<string, string>;
  beforeEach(async () => {
    tree = await createTempTree({ 'data/ref/precious.bin': precious, 'data/work/precious.bin': precious });
    // The reference copy is the older one: `--keep newest` would remove it.
    await utimes(tree.path('data/ref/precious.bin'), OLD, OLD);
    await mkdir(tree.path('view'));
    env = { NODE: process.execPath, CLI: cliPath, DATA: tree.path('data'), SCANNED: tree.path('view'), REPORT: tree.path('report.json'), JOURNAL: tree.path('journal.sqlite'), XDG_DATA_HOME: tree.path('xdg') };
  });
  afterEach(() => tree.remove());

  const inView = (script: string) => inMountNamespace(`mount --bind "$DATA" "$SCANNED" || exit 99\n${SCAN}\n${script}`, env);

  it('apply --reference /data/ref --action delete --yes, scanned through /data/view: the precious file stays', async () => {
    const result = await inView(`${APPLY} --keep newest --reference "$DATA/ref" --action delete --yes`);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(`skipped ${tree.path('view/ref/precious.bin')}: in a reference folder, ${tree.path('data/ref')} (here named ${tree.path('view/ref')})`);
    expect(await readFile(tree.path('data/ref/precious.bin'), 'utf8')).toBe(precious);
    expect(await exists(tree.path('data/work/precious.bin'))).toBe(true);
  });

  it('in: and not-in: name the folder by another name and still pick by it', async () => {
    // By path order the view/ref copy would be kept; the rules name data/work, the same folder as view/work.
    for (const rule of [`in:${tree.path('data/work')}`, `not-in:${tree.path('data/ref')}`]) {
      const result = await inView(`${APPLY} --keep ${rule} --action delete --dry-run`);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout, rule).toContain(`delete ${tree.path('view/ref/precious.bin')} (copy of ${tree.path('view/work/precious.bin')})`);
      expect(result.stdout, rule).toContain(`keep ${tree.path('view/work/precious.bin')}`);
    }
  });

  it('--to inside the scanned folder by another name is refused, nothing moved', async () => {
    const result = await inView(`${APPLY} --keep newest --action move --to "$DATA/attic" --yes`);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(`inside a scanned folder, ${tree.path('view')} (here named ${tree.path('data')})`);
    expect(await exists(tree.path('data/attic'))).toBe(false);
    expect(await exists(tree.path('data/ref/precious.bin'))).toBe(true);
  });
});

describe.skipIf(bindUnavailable !== undefined)(`--folder through a bind mount (${bindUnavailable ?? '/data/view is /data'})`, () => {
  let tree: TempTree;
  afterEach(() => tree.remove());

  it('apply --folder /data/Backup picks the pair the report names /data/view/Backup', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 4; i++) files[`data/Docs/doc${i}.txt`] = files[`data/Backup/doc${i}.txt`] = prose(800 + i);
    tree = await createTempTree(files);
    await mkdir(tree.path('view'));
    const env = { NODE: process.execPath, CLI: cliPath, DATA: tree.path('data'), SCANNED: tree.path('view'), REPORT: tree.path('report.json'), JOURNAL: tree.path('journal.sqlite'), XDG_DATA_HOME: tree.path('xdg') };
    const result = await inMountNamespace(`mount --bind "$DATA" "$SCANNED" || exit 99\n${SCAN}\n${APPLY} --folder "$DATA/Backup" --action trash --dry-run`, env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`  trash ${tree.path('view/Backup/doc0.txt')} (copy of ${tree.path('view/Docs/doc0.txt')})`);
  });
});

describe.skipIf(bindUnavailable !== undefined)(`a subfolder bind-mounted elsewhere (${bindUnavailable ?? '/other shows /data/ref/sub'})`, () => {
  let tree: TempTree;
  let env: Record<string, string>;
  beforeEach(async () => {
    tree = await createTempTree({ 'data/ref/sub/precious.bin': precious, 'data/work/precious.bin': precious });
    await utimes(tree.path('data/ref/sub/precious.bin'), OLD, OLD);
    await mkdir(tree.path('other'));
    env = { NODE: process.execPath, CLI: cliPath, DATA: tree.path('data'), OTHER: tree.path('other'), REPORT: tree.path('report.json'), JOURNAL: tree.path('journal.sqlite'), XDG_DATA_HOME: tree.path('xdg') };
  });
  afterEach(() => tree.remove());

  // No name of /other/precious.bin passes /data/ref on its way up: only the mounts tell.
  const mounted = (scanned: string, script: string) =>
    inMountNamespace(`mount --bind "$DATA/ref/sub" "$OTHER" || exit 99\n"$NODE" "$CLI" scan ${scanned} --json --no-near --no-index > "$REPORT" || exit 98\n${script}`, env);

  it('--reference /data/ref protects the copy scanned as /other/precious.bin', async () => {
    const result = await mounted('"$OTHER" "$DATA/work"', `${APPLY} --keep newest --reference "$DATA/ref" --action delete --yes`);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(`skipped ${tree.path('other/precious.bin')}: in a reference folder, ${tree.path('data/ref')} (${tree.path('other')} is mounted from inside it)`);
    expect(await readFile(tree.path('data/ref/sub/precious.bin'), 'utf8')).toBe(precious);
  });

  it('in:/data/ref keeps the copy scanned as /other/precious.bin', async () => {
    const result = await mounted('"$OTHER" "$DATA/work"', `${APPLY} --keep in:"$DATA/ref" --action delete --dry-run`);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`delete ${tree.path('data/work/precious.bin')} (copy of ${tree.path('other/precious.bin')})`);
  });

  it('one file bind-mounted elsewhere (/other/precious.bin is /data/ref/sub/precious.bin): --reference still protects it', async () => {
    await writeFile(tree.path('other/precious.bin'), '');
    const result = await inMountNamespace(
      `mount --bind "$DATA/ref/sub/precious.bin" "$OTHER/precious.bin" || exit 99\n"$NODE" "$CLI" scan "$OTHER" "$DATA/work" --json --no-near --no-index > "$REPORT" || exit 98\n${APPLY} --keep newest --reference "$DATA/ref" --action delete --yes`,
      env,
    );
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(`skipped ${tree.path('other/precious.bin')}: in a reference folder, ${tree.path('data/ref')} (${tree.path('other/precious.bin')} is mounted from inside it)`);
    expect(await readFile(tree.path('data/ref/sub/precious.bin'), 'utf8')).toBe(precious);
  });

  it('--to /other/attic is inside the scanned /data, nothing moved', async () => {
    const result = await mounted('"$DATA"', `${APPLY} --keep newest --action move --to "$OTHER/attic" --yes`);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(`inside a scanned folder, ${tree.path('data')} (${tree.path('other')} is mounted from inside it)`);
    expect(await exists(tree.path('data/ref/sub/attic'))).toBe(false);
    expect(await exists(tree.path('data/ref/sub/precious.bin'))).toBe(true);
  });
});

const caseUnavailable = caseInsensitiveUnavailable();

describe.skipIf(caseUnavailable !== undefined)(`a case-insensitive folder (${caseUnavailable ?? 'a casefolded tmpfs'})`, () => {
  let tree: TempTree;
  beforeEach(async () => {
    tree = await createTempTree();
    await mkdir(tree.path('disk'));
  });
  afterEach(() => tree.remove());

  /** ~/Backup holds the older copy, ~/Docs the newer, on a casefolded tmpfs; `scanned` and `apply` are shell words. */
  const onCasefold = async (context: { skip: () => void }, scanned: string, apply: string) => {
    const env = { NODE: process.execPath, CLI: cliPath, DISK: tree.path('disk'), HOME_: tree.path('disk/home'), REPORT: tree.path('report.json'), JOURNAL: tree.path('journal.sqlite'), XDG_DATA_HOME: tree.path('xdg'), BODY: precious };
    const result = await inMountNamespace(
      [
        'mount -t tmpfs -o casefold tmpfs "$DISK" || exit 99',
        // Casefolding is set per folder, on an empty one; 97: this folder is not case-insensitive after all.
        'mkdir "$HOME_" && { chattr +F "$HOME_" 2>/dev/null; true; } && mkdir "$HOME_/Backup" "$HOME_/Docs" && [ -d "$HOME_/backup" ] || exit 97',
        'printf %s "$BODY" > "$HOME_/Backup/contract.txt" && touch -d 2020-01-01 "$HOME_/Backup/contract.txt" && printf %s "$BODY" > "$HOME_/Docs/contract.txt"',
        `"$NODE" "$CLI" scan ${scanned} --json --no-near --no-index > "$REPORT" || exit 98`,
        `${APPLY} ${apply}`,
        'code=$?; [ -f "$HOME_/Backup/contract.txt" ] || exit 96; exit $code',
      ].join('\n'),
      env,
    );
    if (result.code === 97) context.skip();
    return result;
  };

  it('--reference ~/backup protects ~/Backup', async (context) => {
    const result = await onCasefold(context, '"$HOME_"', '--keep newest --reference "$HOME_/backup" --action delete --yes');
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/skipped .*\/home\/Backup\/contract\.txt: in a reference folder/);
  });

  it('in:~/backup keeps the copy in ~/Backup', async (context) => {
    const result = await onCasefold(context, '"$HOME_"', '--keep in:"$HOME_/backup" --action delete --dry-run');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`delete ${tree.path('disk/home/Docs/contract.txt')} (copy of ${tree.path('disk/home/Backup/contract.txt')})`);
  });

  it('--to ~/backup/attic is inside the scanned ~/Backup, nothing moved', async (context) => {
    const result = await onCasefold(context, '"$HOME_/Backup" "$HOME_/Docs"', '--keep newest --action move --to "$HOME_/backup/attic" --yes');
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(`inside a scanned folder, ${tree.path('disk/home/Backup')} (here named ${tree.path('disk/home/backup')})`);
  });
});
