import { describe, expect, it, vi } from 'vitest';
import { FakeParentFrame, FakeWindow } from '../../test/fake-browser.ts';
import { connectParentFrame, isInFrame, readParentMessage } from './parent-frame.ts';

const ALLOWED = ['https://portal.scout.test'];
const NOW = 1_700_000_000;
const tokenMessage = {
  type: 'BLINK_AUTH_TOKENS',
  access_token: 'A',
  refresh_token: 'R',
  expires_in: 900,
  refresh_expires_in: 3600,
};

describe('readParentMessage', () => {
  it('accepts tokens from an allowed origin', () => {
    const msg = readParentMessage({ origin: ALLOWED[0], data: tokenMessage }, ALLOWED, 'p', NOW);
    expect(msg).toEqual({
      type: 'tokens',
      tokens: {
        access_token: 'A',
        refresh_token: 'R',
        token_type: 'Bearer',
        expires_in: 900,
        refresh_expires_in: 3600,
        issued_at: NOW,
      },
    });
  });

  it('accepts tokens nested under `tokens`', () => {
    const msg = readParentMessage(
      {
        origin: ALLOWED[0],
        data: { type: 'BLINK_AUTH_TOKENS', tokens: { access_token: 'A', refresh_token: 'R' } },
      },
      ALLOWED,
      'p',
      NOW,
    );
    expect(msg?.type).toBe('tokens');
  });

  it('ignores any origin not on the list', () => {
    expect(
      readParentMessage({ origin: 'https://evil.test', data: tokenMessage }, ALLOWED, 'p', NOW),
    ).toBeNull();
    expect(
      readParentMessage(
        { origin: 'https://evil.test', data: { type: 'BLINK_AUTH_LOGOUT' } },
        ALLOWED,
        'p',
        NOW,
      ),
    ).toBeNull();
    expect(readParentMessage({ origin: ALLOWED[0], data: tokenMessage }, [], 'p', NOW)).toBeNull();
  });

  it('ignores tokens for another project and messages of other types', () => {
    expect(
      readParentMessage(
        { origin: ALLOWED[0], data: { ...tokenMessage, projectId: 'other' } },
        ALLOWED,
        'p',
        NOW,
      ),
    ).toBeNull();
    expect(
      readParentMessage({ origin: ALLOWED[0], data: { type: 'SOMETHING' } }, ALLOWED, 'p', NOW),
    ).toBeNull();
    expect(
      readParentMessage({ origin: ALLOWED[0], data: 'BLINK_AUTH_TOKENS' }, ALLOWED, 'p', NOW),
    ).toBeNull();
  });

  it('reads a logout', () => {
    expect(
      readParentMessage(
        { origin: ALLOWED[0], data: { type: 'BLINK_AUTH_LOGOUT' } },
        ALLOWED,
        'p',
        NOW,
      ),
    ).toEqual({ type: 'logout' });
  });
});

describe('connectParentFrame', () => {
  const handlers = { onTokens: vi.fn(), onLogout: vi.fn() };

  it('does nothing for a top-level window or without allowed origins', () => {
    const top = new FakeWindow();
    expect(isInFrame(top)).toBe(false);
    expect(
      connectParentFrame({
        window: top,
        allowedOrigins: ALLOWED,
        projectId: 'p',
        now: () => NOW,
        ...handlers,
      }),
    ).toBeNull();
    const framed = new FakeWindow('https://app.test/', undefined, new FakeParentFrame());
    expect(
      connectParentFrame({
        window: framed,
        allowedOrigins: [],
        projectId: 'p',
        now: () => NOW,
        ...handlers,
      }),
    ).toBeNull();
  });

  it('asks each allowed origin by name, never "*"', async () => {
    const parent = new FakeParentFrame();
    const win = new FakeWindow('https://app.test/', undefined, parent);
    const origins = [...ALLOWED, 'https://other.scout.test'];
    const link = connectParentFrame({
      window: win,
      allowedOrigins: origins,
      projectId: 'p',
      now: () => NOW,
      ...handlers,
    })!;
    await link.requestTokens(1);
    expect(parent.posted.map((p) => p.targetOrigin)).toEqual(origins);
    expect(parent.posted[0]!.message).toEqual({
      type: 'BLINK_REQUEST_AUTH_TOKENS',
      projectId: 'p',
    });
    link.close();
    expect(win.listenerCount('message')).toBe(0);
  });
});
