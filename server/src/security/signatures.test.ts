import { describe, expect, it } from 'vitest';
import { hasExpired, signedBody, signedToken, signerFor } from './signatures.ts';

const secret = new TextEncoder().encode('the server secret of these tests');
const invites = signerFor(secret, { salt: 'scout-platform/test-invite', info: 'invite v1' });
const leaves = signerFor(secret, { salt: 'scout-platform/test-leave', info: 'leave v1' });
const labelled = signerFor(secret, { label: 'test-file' });

/** `token` with the character at `index` replaced by another base64url character. */
const changedAt = (token: string, index: number) =>
  token.slice(0, index) + (token[index] === 'A' ? 'B' : 'A') + token.slice(index + 1);

describe('signed tokens', () => {
  it('give back the body they were made with', () => {
    const token = signedToken(invites, 'dXNlci0x.reminders');
    expect(token).toMatch(/^dXNlci0x\.reminders\.[A-Za-z0-9_-]{43}$/);
    expect(signedBody(invites, token, 500)).toBe('dXNlci0x.reminders');
  });

  it('made for one purpose never pass for another, whichever way the key is bound', () => {
    const signers = [invites, leaves, labelled];
    for (const [i, maker] of signers.entries()) {
      const token = signedToken(maker, 'same-body');
      for (const [j, reader] of signers.entries())
        expect(signedBody(reader, token, 500) !== undefined).toBe(i === j);
    }
    // One purpose under another server's secret is another key.
    const elsewhere = signerFor(new Uint8Array(32).fill(1), { label: 'test-file' });
    expect(elsewhere.verifies('m', labelled.sign('m'))).toBe(false);
  });

  it('fail when any one character of body or signature changes, or the token is cut', () => {
    const token = signedToken(leaves, 'eyJldmVudCI6ImNhbXAifQ');
    for (let i = 0; i < token.length; i++) {
      if (token[i] === '.') continue;
      expect(signedBody(leaves, changedAt(token, i), 500)).toBeUndefined();
    }
    expect(signedBody(leaves, token.slice(0, -1), 500)).toBeUndefined();
    expect(signedBody(leaves, token.split('.')[0]!, 500)).toBeUndefined();
    expect(signedBody(leaves, `.${leaves.sign('')}`, 500)).toBeUndefined();
    expect(signedBody(leaves, `${token}.`, 500)).toBeUndefined();
  });

  it('longer than the caller allows are refused', () => {
    const token = signedToken(invites, 'x'.repeat(100));
    expect(signedBody(invites, token, token.length)).toBeDefined();
    expect(signedBody(invites, token, token.length - 1)).toBeUndefined();
  });

  it('verify only strings', () => {
    const mac = invites.sign('m');
    expect(invites.verifies('m', mac)).toBe(true);
    for (const notText of [undefined, null, 42, [mac], { mac }])
      expect(invites.verifies('m', notText)).toBe(false);
  });

  it('stop working at the instant they expire', () => {
    const expires = Date.UTC(2026, 11, 6, 12);
    expect(hasExpired(expires, expires - 1)).toBe(false);
    expect(hasExpired(expires, expires)).toBe(true);
    expect(hasExpired(expires, expires + 1)).toBe(true);
  });
});
