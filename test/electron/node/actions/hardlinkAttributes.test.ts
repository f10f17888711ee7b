// Issue 25 item 4, extended attributes and ACLs: a hard link keeps one set, the kept copy's, so a
// duplicate whose own differ is refused, saying which, in the preview and at run time. Node reads
// them through the platform's tool (getfattr from attr here); without it the preview says they
// were not compared instead of pretending. The tool's own answers are tested with canned output.
import { spawnSync } from 'node:child_process';
import { chmod, lstat } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionJournal } from '../../../../electron/node/actions/actionJournal.ts';
import { applyPlan } from '../../../../electron/node/actions/applyPlan.ts';
import { checkPlanOnDisk } from '../../../../electron/node/actions/checkPlan.ts';
import { attributesWouldChange, parseGetfattr, readAttributes } from '../../../../electron/node/actions/extendedAttributes.ts';
import { planActions } from '../../../../electron/node/actions/planActions.ts';
import type { RunTool, ToolAnswer } from '../../../../electron/node/actions/platformTool.ts';
import { formatPlan } from '../../../../electron/node/cli/applyPlanText.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { clusterOf, reportOf } from './actionFixture.ts';

const body = 'a photo kept twice, one with its origin noted\n'.repeat(60);
const has = (tool: string) => spawnSync(tool, ['--version']).error === undefined;
const getfattrHere = has('getfattr') && has('setfattr');
const setfaclHere = getfattrHere && has('setfacl');
const answer = (stdout: string, code = 0, stderr = ''): ToolAnswer => ({ code, stdout: Buffer.from(stdout), stderr });

describe('reading extended attributes through the platform tool', () => {
  it("reads getfattr's blocks, names unescaped, a file without attributes absent", () => {
    const found = parseGetfattr(Buffer.from('# file: /d/a b\nuser.origin=0x6361\n\n# file: /d/n\\012l\\134x\nsystem.posix_acl_access=0x02\nuser.k=0x\n\n'));
    expect([...found.keys()]).toEqual(['/d/a b', '/d/n\nl\\x']);
    expect([...found.get('/d/n\nl\\x')!]).toEqual([
      ['system.posix_acl_access', '0x02'],
      ['user.k', '0x'],
    ]);
  });

  it('says plainly when the tool is missing, or the platform has none asked', async () => {
    const absent: RunTool = async () => 'absent';
    expect(await readAttributes(['/d/a', '/d/b'], absent, 'linux')).toEqual({ notCompared: 'extended attributes and ACLs not compared: install attr (getfattr)' });
    expect(await readAttributes(['/d/a'], absent, 'win32')).toEqual({ notCompared: 'extended attributes and ACLs not compared on Windows' });
    const failing: RunTool = async () => answer('', 1, 'getfattr: /d/a: Permission denied\n');
    expect(await readAttributes(['/d/a'], failing, 'linux')).toEqual({ notCompared: 'extended attributes and ACLs not compared: getfattr said getfattr: /d/a: Permission denied' });
  });

  it('a file system without extended attributes has none to lose', async () => {
    const unsupported: RunTool = async () => answer('', 1, 'getfattr: /d/a: Operation not supported\n');
    expect(await readAttributes(['/d/a'], unsupported, 'linux')).toEqual({ attributes: new Map([['/d/a', new Map()]]) });
  });

  it('macOS: xattr and the ACL lines of ls -le, compared', async () => {
    const mac: RunTool = async (command, args) => {
      const quarantined = args.at(-1) === '/d/b';
      if (command === 'xattr') return answer(quarantined ? 'com.apple.quarantine:\n00000000  30 30  |00|\n' : '');
      return answer(`-rw-r--r--+ 1 me staff 9 Jan 1 2020 ${args.at(-1)}\n${quarantined ? '' : ' 0: group:everyone deny delete\n'}`);
    };
    const look = await readAttributes(['/d/a', '/d/b'], mac, 'darwin');
    if (!('attributes' in look)) throw new Error(look.notCompared);
    expect(attributesWouldChange(look.attributes.get('/d/b')!, look.attributes.get('/d/a')!)).toBe('a hard link to the kept copy would replace its extended attributes or ACL with the kept copy\'s (ACL, extended attributes differ)');
  });
});

describe('a hard link and extended attributes on disk', () => {
  let tree: TempTree;
  let journal: ActionJournal;
  beforeEach(async () => {
    tree = await createTempTree({ 'keep/a.jpg': body, 'dup/b.jpg': body });
    for (const name of ['keep/a.jpg', 'dup/b.jpg']) await chmod(tree.path(name), 0o644);
    journal = new ActionJournal(tree.path('state/journal.sqlite'));
  });
  afterEach(async () => {
    journal.close();
    await tree.remove();
  });

  async function hardlinkPlan() {
    const [a, b] = [tree.path('keep/a.jpg'), tree.path('dup/b.jpg')];
    return planActions(reportOf([tree.root], [await clusterOf('c1', [a, b])]), { clusters: [{ clusterId: 'c1', keep: [a], act: [b] }] }, { action: 'hardlink' });
  }

  async function expectRefusedBoth(reason: string): Promise<void> {
    const plan = await hardlinkPlan();
    const checked = await checkPlanOnDisk(plan);
    expect(checked.refused.map((r) => r.reason)).toEqual([reason]);
    const result = await applyPlan(plan, { journal });
    expect(result.outcomes.map((o) => [o.state, o.reason])).toEqual([['refused', reason]]);
    const [a, b] = await Promise.all([lstat(tree.path('keep/a.jpg')), lstat(tree.path('dup/b.jpg'))]);
    expect(b.ino).not.toBe(a.ino);
  }

  it.skipIf(!getfattrHere)('refuses a duplicate with an extended attribute the kept copy lacks (getfattr and setfattr, package attr)', async () => {
    expect(spawnSync('setfattr', ['-n', 'user.origin', '-v', 'camera', tree.path('dup/b.jpg')]).status).toBe(0);
    await expectRefusedBoth("a hard link to the kept copy would replace its extended attributes or ACL with the kept copy's (user.origin differ)");
  });

  it.skipIf(!setfaclHere)('refuses a duplicate with an ACL the kept copy lacks (setfacl, package acl)', async () => {
    expect(spawnSync('setfacl', ['-m', 'u:nobody:r', tree.path('dup/b.jpg')]).status).toBe(0);
    await expectRefusedBoth("a hard link to the kept copy would replace its extended attributes or ACL with the kept copy's (ACL (system.posix_acl_access) differ)");
  });

  it.skipIf(!getfattrHere)('links a duplicate whose extended attributes are the same, and says so as a hard link (package attr)', async () => {
    for (const name of ['keep/a.jpg', 'dup/b.jpg']) expect(spawnSync('setfattr', ['-n', 'user.origin', '-v', 'camera', tree.path(name)]).status).toBe(0);
    const checked = await checkPlanOnDisk(await hardlinkPlan());
    expect(checked.notes).toBeUndefined();
    expect(formatPlan(checked)).toContain(`hardlink ${tree.path('dup/b.jpg')} (copy of ${tree.path('keep/a.jpg')}; becomes the same file as ${tree.path('keep/a.jpg')}: an edit to either changes both)`);
    const result = await applyPlan(checked, { journal });
    expect(result.outcomes.map((o) => o.state)).toEqual(['done']);
  });

  it.skipIf(getfattrHere)('without getfattr the preview says the attributes were not compared (getfattr is here: covered by the canned answers above)', async () => {
    const checked = await checkPlanOnDisk(await hardlinkPlan());
    expect(checked.notes).toEqual(['extended attributes and ACLs not compared: install attr (getfattr)']);
  });

  it('the preview and the dry run say it when the tool is missing, and refuse nothing for it', async () => {
    const checked = await checkPlanOnDisk(await hardlinkPlan(), async () => 'absent');
    expect(checked.steps).toHaveLength(1);
    expect(checked.notes).toEqual(['extended attributes and ACLs not compared: install attr (getfattr)']);
    expect(formatPlan(checked)).toContain('note: extended attributes and ACLs not compared: install attr (getfattr)');
  });
});
