// Form letters: one short template (~300 bytes) filled with each recipient's details, the kind of
// corpus invoices, statements and generated reports make. Any two letters share the template's
// words and little else, so their resemblance lies just under the default threshold 0.5: every
// pair is a candidate, and none may be claimed but a letter and its reminder. bench-near-scale.ts --letters writes them.
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PlanRandom } from '../bench/random.ts';

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'to', 'vi', 'be', 'da', 'fo', 'gu', 'ha', 'je', 'pi', 'ze'];
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** The text of letter `i`: the template with fields drawn from `random`. */
export function formLetter(i: number, random: PlanRandom): string {
  const word = () => Array.from({ length: 3 }, () => random.pick(SYLLABLES)).join('');
  const name = `${word()} ${word()}`;
  const date = `${random.between(1, 28)} ${random.pick(MONTHS)} ${random.between(2019, 2025)}`;
  const amount = `${random.between(10, 9999)}.${random.between(10, 99)}`;
  return (
    `${date}\n\nDear ${name},\n\nThank you for your order. Invoice ${100000 + i} for account ${random.between(100000, 999999)} comes to ${amount} euros in all. ` +
    `Please transfer the amount to the account below and quote reference ${random.between(100000, 999999)} with your payment. ` +
    `If you have any questions about this invoice, our billing team will be glad to help you.\n\nKind regards,\nthe billing team\n`
  );
}

const REMINDER_EVERY = 50;

/** Writes `count` letters (and a reminder for one in REMINDER_EVERY) under dir, a thousand per folder. */
export function writeFormLetters(dir: string, count: number, seed = 1): void {
  const random = new PlanRandom(seed);
  const written = new Date(Date.now() - 86_400_000);
  for (let i = 0; i < count; i++) {
    const folder = join(dir, `f${Math.floor(i / 1000)}`);
    if (i % 1000 === 0) mkdirSync(folder, { recursive: true });
    const letter = formLetter(i, random);
    // One letter in REMINDER_EVERY is sent again under a new date: a true near-duplicate pair in the crowd.
    const texts = i % REMINDER_EVERY === 0 ? [letter, letter.replace(/^[^\n]*/, `${random.between(1, 28)} ${random.pick(MONTHS)} 2026`)] : [letter];
    texts.forEach((text, copy) => {
      const file = join(folder, `letter-${i}${copy ? '-reminder' : ''}.txt`);
      writeFileSync(file, text);
      // Written a day ago, as letters are: files changed within the last seconds are not kept in the index (settledAt).
      utimesSync(file, written, written);
    });
  }
}
