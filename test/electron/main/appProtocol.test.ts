// app://shingle/: only the built renderer's files, each with the CSP header.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PAGE_URL, registerAppScheme, rendererFile, serveRenderer } from '../../../electron/main/appProtocol.ts';
import { CONTENT_SECURITY_POLICY } from '../../../electron/main/contentSecurityPolicy.ts';

describe('rendererFile', () => {
  const dir = '/app/dist/renderer';

  it('maps app://shingle/ paths into the renderer folder', () => {
    expect(rendererFile(dir, APP_PAGE_URL)).toBe('/app/dist/renderer/index.html');
    expect(rendererFile(dir, 'app://shingle/')).toBe('/app/dist/renderer/index.html');
    expect(rendererFile(dir, 'app://shingle/assets/index-3f2a.js?v=1#x')).toBe('/app/dist/renderer/assets/index-3f2a.js');
    expect(rendererFile(dir, 'app://shingle/assets/a%20b.css')).toBe('/app/dist/renderer/assets/a b.css');
  });

  it('never leaves the renderer folder', () => {
    for (const url of [
      'app://shingle/../../etc/passwd',
      'app://shingle/%2e%2e/%2e%2e/etc/passwd',
      'app://shingle/assets/%2E%2E%2F%2E%2E%2F..%2Fetc%2Fpasswd',
      'app://shingle/..%5c..%5cwindows',
    ]) {
      const file = rendererFile(dir, url);
      expect(file === undefined || file.startsWith(`${dir}/`), `${url} → ${file}`).toBe(true);
    }
    expect(rendererFile(dir, 'app://shingle/%E0%A4%A')).toBeUndefined();
    expect(rendererFile(dir, 'app://shingle/index.html%00.js')).toBeUndefined();
    expect(rendererFile(dir, 'app://other/index.html')).toBeUndefined();
  });
});

describe('serveRenderer', () => {
  let dir: string;
  let handler: (request: Request) => Promise<Response>;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shingle-renderer-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>Shingle</title>');
    await writeFile(join(dir, 'assets', 'index.js'), 'console.log(1)');
    serveRenderer({ handle: (_scheme, h) => void (handler = h as never) }, dir);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('serves the page and its assets with the CSP and their types', async () => {
    const page = await handler(new Request(APP_PAGE_URL));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toContain('<title>Shingle</title>');
    const script = await handler(new Request('app://shingle/assets/index.js'));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('answers 404 for missing files, other hosts and other methods', async () => {
    expect((await handler(new Request('app://shingle/missing.js'))).status).toBe(404);
    expect((await handler(new Request('app://elsewhere/index.html'))).status).toBe(404);
    expect((await handler(new Request(APP_PAGE_URL, { method: 'POST', body: 'x' }))).status).toBe(404);
  });
});

describe('registerAppScheme', () => {
  it('registers app: as a standard, secure scheme that does not bypass the CSP', () => {
    const registered: unknown[] = [];
    registerAppScheme({ registerSchemesAsPrivileged: (schemes) => void registered.push(...schemes) });
    expect(registered).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true } }]);
  });
});
