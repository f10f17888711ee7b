// The window's web preferences and the pages' Content Security Policy, exactly.
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, devContentSecurityPolicy } from '../../../electron/main/contentSecurityPolicy.ts';
import { secureWebPreferences } from '../../../electron/main/webPreferences.ts';

function directives(policy: string): Record<string, string> {
  return Object.fromEntries(policy.split(';').map((d) => d.trim().split(/\s+(.*)/s).slice(0, 2) as [string, string]));
}

describe('web preferences', () => {
  it('isolate, sandbox and deny Node to the page', () => {
    expect(secureWebPreferences('/app/dist/electron/preload.cjs', { devTools: false })).toEqual({
      preload: '/app/dist/electron/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      devTools: false,
    });
  });

  it('only let developer tools vary', () => {
    const { devTools: _dev, ...dev } = secureWebPreferences('/p.cjs', { devTools: true });
    const { devTools: _prod, ...prod } = secureWebPreferences('/p.cjs', { devTools: false });
    expect(dev).toEqual(prod);
  });
});

describe('content security policy', () => {
  it('allows the app its own scripts, styles and images and nothing else', () => {
    expect(directives(CONTENT_SECURITY_POLICY)).toEqual({
      'default-src': "'none'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data:",
      'font-src': "'self'",
      'connect-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'none'",
      'form-action': "'none'",
      'frame-ancestors': "'none'",
      'frame-src': "'none'",
    });
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|\*|https?:/);
  });

  it("loosens only scripts and connections for Vite's dev server", () => {
    const dev = directives(devContentSecurityPolicy('http://127.0.0.1:5173/'));
    expect(dev['script-src']).toBe("'self' 'unsafe-inline'");
    expect(dev['connect-src']).toBe("'self' ws://127.0.0.1:5173");
    const { 'script-src': _s, 'connect-src': _c, ...rest } = dev;
    const { 'script-src': _ps, 'connect-src': _pc, ...production } = directives(CONTENT_SECURITY_POLICY);
    expect(rest).toEqual(production);
  });
});
