import { describe, expect, it } from 'vitest';
import { defaultIndexPath } from '../../../../electron/node/index/indexLocation.ts';

describe('default index location', () => {
  it('follows XDG_DATA_HOME when it is an absolute path', () => {
    expect(defaultIndexPath({ env: { XDG_DATA_HOME: '/data/me' }, platform: 'linux', home: '/home/me' })).toBe('/data/me/shingle/index.sqlite');
    expect(defaultIndexPath({ env: { XDG_DATA_HOME: '/data/me' }, platform: 'darwin', home: '/Users/me' })).toBe('/data/me/shingle/index.sqlite');
  });

  it('ignores an empty or relative XDG_DATA_HOME, as the spec says', () => {
    for (const XDG_DATA_HOME of ['', 'relative/data']) {
      expect(defaultIndexPath({ env: { XDG_DATA_HOME }, platform: 'linux', home: '/home/me' })).toBe('/home/me/.local/share/shingle/index.sqlite');
    }
  });

  it('uses each platform’s place for application data', () => {
    expect(defaultIndexPath({ env: {}, platform: 'linux', home: '/home/me' })).toBe('/home/me/.local/share/shingle/index.sqlite');
    expect(defaultIndexPath({ env: {}, platform: 'darwin', home: '/Users/me' })).toBe('/Users/me/Library/Application Support/Shingle/index.sqlite');
    expect(defaultIndexPath({ env: { LOCALAPPDATA: 'C:\\Users\\me\\AppData\\Local' }, platform: 'win32', home: 'C:\\Users\\me' })).toBe(
      'C:\\Users\\me\\AppData\\Local\\Shingle\\index.sqlite',
    );
    expect(defaultIndexPath({ env: {}, platform: 'win32', home: 'C:\\Users\\me' })).toBe('C:\\Users\\me\\AppData\\Local\\Shingle\\index.sqlite');
  });

  it('defaults to the running process’s environment', () => {
    expect(defaultIndexPath()).toMatch(/index\.sqlite$/);
  });
});
