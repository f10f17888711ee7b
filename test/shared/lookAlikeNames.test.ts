import { describe, expect, it } from 'vitest';
import { escapeLookAlike, findLookAlikes, lookAlikeKey } from '../../shared/text/lookAlikeNames.ts';

const nfc = '/docs/r\u00e9sum\u00e9.pdf';
const nfd = '/docs/re\u0301sume\u0301.pdf';

describe('look-alike names', () => {
  it('finds names that differ only in normalization, escaping both so they read apart', () => {
    expect(nfc).not.toBe(nfd);
    const found = findLookAlikes([nfc, nfd, '/docs/other.pdf']);
    expect([...found.entries()]).toEqual([
      [nfc, '/docs/r\\u00E9sum\\u00E9.pdf'],
      [nfd, '/docs/re\\u0301sume\\u0301.pdf'],
    ]);
  });

  it('finds names that differ only by characters that draw nothing or by a kind of space', () => {
    for (const other of ['/docs/report\u200b.pdf', '/docs/\u202areport.pdf', '/docs/re\u00adport.pdf', '/docs/report\ufeff.pdf']) {
      expect(findLookAlikes(['/docs/report.pdf', other]).get(other), JSON.stringify(other)).toMatch(/\\u(200B|202A|00AD|FEFF)/);
    }
    const spaced = findLookAlikes(['/docs/my report.pdf', '/docs/my\u00a0report.pdf']);
    expect(spaced.get('/docs/my report.pdf')).toBe('/docs/my report.pdf');
    expect(spaced.get('/docs/my\u00a0report.pdf')).toBe('/docs/my\\u00A0report.pdf');
  });

  it('leaves distinct names, and one name listed twice, alone', () => {
    expect(findLookAlikes(['/docs/resume.pdf', nfc, '/docs/R\u00e9sum\u00e9.pdf']).size).toBe(0);
    expect(findLookAlikes([nfc, nfc]).size).toBe(0);
  });

  it('escapes beyond 16 bits, keeps Windows separators, and never groups a name spelling an escape in letters', () => {
    expect(escapeLookAlike('C:\\docs\\a\u{1F600}')).toBe('C:\\docs\\a\\u{1F600}');
    expect(findLookAlikes(['/docs/a\\u00E9', '/docs/a\u00e9']).size).toBe(0);
    expect(lookAlikeKey('\ufb01le')).toBe('file');
  });
});
