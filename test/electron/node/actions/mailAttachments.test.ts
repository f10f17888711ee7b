// A mail is compared by its body alone, so "the same text" as a .txt says nothing of its
// attachments: the clean-up never removes a mail whose attachments nothing staying holds, in the
// preview as at the last check before the file goes; a mail whose parts another staying mail
// holds, or one without attachments, goes as any same-text copy does.
import { lstat, utimes } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { leftOutParts } from '../../../../electron/node/actions/mailAttachments.ts';
import { createStepChecker, Refused } from '../../../../electron/node/actions/checkStep.ts';
import { prose } from '../../../helpers/documents.ts';
import { exists } from '../../../helpers/exists.ts';
import { renderEml } from '../../../helpers/mailDocuments.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { NEWEST } from '../cli/applyFixture.ts';
import { batchFinished, openActionService } from '../service/actionServiceFixture.ts';
import type { ActionService } from '../service/actionServiceFixture.ts';

const text = prose(4);
const photos = renderEml(text, { attachment: Buffer.from('photographs of the garden '.repeat(400)) });
// The same message as another mail program saves it: other headers, other line ends, the same parts.
const again = Buffer.from(photos.toString('latin1').replace('Message-ID: <1@example.org>', 'Message-ID: <2@example.org>\r\nX-Folder: Archive').replace(/\r\n/g, '\n'), 'latin1');
const otherAttachment = renderEml(text, { attachment: Buffer.from('the invoice for the roof '.repeat(400)) });
const bare = Buffer.from(`From: Ann Example <ann@example.org>\nSubject: the same letter\n\n${text}\n`);

describe('mails with attachments in a clean-up', () => {
  let tree: TempTree | undefined;
  let opened: ActionService | undefined;
  afterEach(async () => {
    await opened?.close();
    await tree?.remove();
    opened = tree = undefined;
  });

  async function scanned(newest: string) {
    tree = await createTempTree({ 'docs/letter.txt': text, 'docs/photos.eml': photos, 'docs/again.eml': again, 'docs/invoice.eml': otherAttachment, 'docs/bare.eml': bare });
    await utimes(tree.path(newest), NEWEST, NEWEST);
    opened = await openActionService(tree.path('docs'));
    return { tree, service: opened.service };
  }

  it('keeps every mail with attachments when the .txt of its body stays, and lets the bare mail go', async () => {
    const { tree, service } = await scanned('docs/letter.txt');
    const plan = await service.previewActions({ rules: ['newest'], useMarks: false, action: 'trash' });
    const files = new Map(plan.clusters.flatMap((c) => c.files).map((f) => [f.path, f]));
    expect(files.get(tree.path('docs/letter.txt'))).toMatchObject({ decision: 'keep' });
    expect(files.get(tree.path('docs/bare.eml'))).toMatchObject({ decision: 'remove', relation: 'same-text' });
    for (const name of ['photos.eml', 'again.eml', 'invoice.eml']) {
      expect(files.get(tree.path(`docs/${name}`)), name).toMatchObject({ decision: 'refused', reason: expect.stringMatching(/an e-mail with 1 attachment \(.+\.txt\) that .*letter\.txt does not hold: only its text was compared/) });
    }
    const finished = batchFinished(service);
    await service.applyActions({ planId: plan.planId });
    await finished;
    expect(await exists(tree.path('docs/bare.eml'))).toBe(false);
    for (const name of ['letter.txt', 'photos.eml', 'again.eml', 'invoice.eml']) expect(await exists(tree.path(`docs/${name}`)), name).toBe(true);
  });

  it('lets a mail go when the staying mail holds the same parts, saved otherwise, and not one with another attachment', async () => {
    const { tree, service } = await scanned('docs/photos.eml');
    const plan = await service.previewActions({ rules: ['newest'], useMarks: false, action: 'trash' });
    const files = new Map(plan.clusters.flatMap((c) => c.files).map((f) => [f.path, f]));
    expect(files.get(tree.path('docs/photos.eml'))).toMatchObject({ decision: 'keep' });
    expect(files.get(tree.path('docs/invoice.eml'))).toMatchObject({ decision: 'refused', reason: expect.stringMatching(/photos\.eml does not hold/) });
    for (const name of ['letter.txt', 'again.eml', 'bare.eml']) expect(files.get(tree.path(`docs/${name}`)), name).toMatchObject({ decision: 'remove', matches: tree.path('docs/photos.eml') });
  });

  it('refuses at the last check too, whatever plan it is handed', async () => {
    tree = await createTempTree({ 'letter.txt': text, 'photos.eml': photos });
    const state = async (name: string) => {
      const info = await lstat(tree!.path(name));
      return { path: tree!.path(name), size: info.size, mtime: info.mtimeMs };
    };
    const checker = createStepChecker('trash');
    try {
      const step = { ...(await state('photos.eml')), clusterId: 'near-1', relation: 'same-text' as const, kept: await state('letter.txt') };
      await expect(checker.check(step)).rejects.toThrow(Refused);
      await expect(checker.check(step)).rejects.toThrow(/attachment/);
      // Moved, it loses nothing.
      const mover = createStepChecker('move');
      try {
        await expect(mover.check(step)).resolves.toBeDefined();
      } finally {
        await mover.close();
      }
    } finally {
      await checker.close();
    }
  });

  it('names each left-out part and tells parts apart by content, not by line ends or headers', async () => {
    tree = await createTempTree();
    const digests = async (bytes: Buffer) => {
      const path = await tree!.write('mail.eml', bytes);
      return leftOutParts(path);
    };
    const [mine, saved, other, none] = [await digests(photos), await digests(again), await digests(otherAttachment), await digests(bare)];
    expect(mine).toHaveLength(1);
    expect(mine[0]!.name).toMatch(/\.txt$/);
    expect(saved).toEqual(mine);
    expect(other[0]!.digest).not.toBe(mine[0]!.digest);
    expect(none).toEqual([]);
  });
});
