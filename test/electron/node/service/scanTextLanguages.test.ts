// The side-by-side texts follow the languages of the results shown: the readers are ended when
// results read in other languages come, once, and a text asked meanwhile waits for that.
import { afterEach, expect, it } from 'vitest';
import { chooseOcrLanguages } from '../../../../electron/node/extract/ocrLanguageChoice.ts';
import type { DocumentTexts } from '../../../../electron/node/service/documentText.ts';
import { followOcrLanguages } from '../../../../electron/node/service/scanTextLanguages.ts';
import type { Cluster, ReportFile } from '../../../../shared/report.ts';

afterEach(() => chooseOcrLanguages(undefined));

/** Readers that say, for each text, how many times they had been ended before it was read. */
function countingTexts() {
  const log: string[] = [];
  let ended = 0;
  let ending = false;
  const texts: DocumentTexts = {
    async text(_cluster, file) {
      expect(ending).toBe(false);
      log.push(`${file.path} after ${ended}`);
      return { text: '', truncated: false };
    },
    async dispose() {
      ending = true;
      await new Promise((resolve) => setImmediate(resolve));
      ending = false;
      ended++;
    },
  };
  return { texts, log };
}

const cluster = { id: 'n1', kind: 'near', similarity: 0.9, reclaimable: 0, files: [] } as Cluster;
const file = (path: string) => ({ path, size: 1, mtime: 0 }) as ReportFile;

it('ends the readers when the languages of the results change, and only then', async () => {
  const { texts, log } = countingTexts();
  const followed = followOcrLanguages(texts);
  await followed.text(cluster, file('a'));
  chooseOcrLanguages(['eng']);
  await followed.text(cluster, file('b'));
  chooseOcrLanguages(['deu']);
  // Two texts asked at once: the readers end once, before either is read.
  await Promise.all([followed.text(cluster, file('c')), followed.text(cluster, file('d'))]);
  await followed.text(cluster, file('e'));
  expect(log).toEqual(['a after 0', 'b after 0', 'c after 1', 'd after 1', 'e after 1']);
});
