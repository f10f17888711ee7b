// The sender check in front of every IPC handler.
import { describe, expect, it } from 'vitest';
import { isRendererUrl, isTrustedSender } from '../../../electron/main/senderCheck.ts';
import type { SenderContents, SenderEvent, SenderFrame } from '../../../electron/main/senderCheck.ts';

const RENDERER = 'app://shingle/index.html';
const window: SenderContents = { id: 7, mainFrame: { processId: 3, routingId: 1 } };

function event(frame: Partial<SenderFrame> | null, senderId = 7): SenderEvent {
  return { sender: { id: senderId }, senderFrame: frame && { url: RENDERER, parent: null, processId: 3, routingId: 1, ...frame } };
}

describe('isTrustedSender', () => {
  it("accepts the app's page in the main frame of its window", () => {
    expect(isTrustedSender(event({}), window, RENDERER)).toBe(true);
    expect(isTrustedSender(event({ url: 'app://shingle/index.html#/review?id=3' }), window, RENDERER)).toBe(true);
  });

  it('rejects any other page', () => {
    for (const url of ['file:///home/ann/evil.html', 'https://shingle/index.html', 'app://shingle.evil/index.html', 'app://evil/index.html', 'app://user:pw@shingle/', 'http://localhost:5173/', 'about:blank', 'not a url']) {
      expect(isTrustedSender(event({ url }), window, RENDERER), url).toBe(false);
    }
  });

  it('rejects a subframe, even one showing the app', () => {
    const parent = { url: RENDERER } as SenderFrame['parent'];
    expect(isTrustedSender(event({ parent }), window, RENDERER)).toBe(false);
    expect(isTrustedSender(event({ routingId: 2 }), window, RENDERER)).toBe(false);
    expect(isTrustedSender(event({ processId: 4 }), window, RENDERER)).toBe(false);
  });

  it('rejects another webContents, a vanished frame and a closed window', () => {
    expect(isTrustedSender(event({}, 8), window, RENDERER)).toBe(false);
    expect(isTrustedSender(event(null), window, RENDERER)).toBe(false);
    expect(isTrustedSender(event({}), undefined, RENDERER)).toBe(false);
  });

  it("accepts the dev server's page when that is the renderer", () => {
    expect(isTrustedSender(event({ url: 'http://127.0.0.1:5173/' }), window, 'http://127.0.0.1:5173/')).toBe(true);
    expect(isTrustedSender(event({ url: 'http://127.0.0.1:5174/' }), window, 'http://127.0.0.1:5173/')).toBe(false);
    expect(isTrustedSender(event({}), window, 'http://127.0.0.1:5173/')).toBe(false);
  });
});

describe('isRendererUrl', () => {
  it('compares scheme, host and port', () => {
    expect(isRendererUrl('app://shingle/assets/index.js', RENDERER)).toBe(true);
    expect(isRendererUrl('APP://SHINGLE/', RENDERER)).toBe(true);
    expect(isRendererUrl('app://shingle:8080/', RENDERER)).toBe(false);
  });
});
