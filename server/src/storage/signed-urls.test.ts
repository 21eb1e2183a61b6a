import { describe, expect, it } from 'vitest';
import { isSignatureValid, signPath, SIGNED_URL_TTL_SECONDS } from './signed-urls.ts';

const key = new Uint8Array(32).fill(7);
const now = Date.UTC(2026, 10, 25, 12);

describe('signed file links', () => {
  it('open the path they were made for until they expire', () => {
    const s = signPath(key, 'troop/packing-list.pdf', now);
    expect(isSignatureValid(key, 'troop/packing-list.pdf', s, now)).toBe(true);
    const justBefore = now + SIGNED_URL_TTL_SECONDS * 1000 - 1000;
    expect(isSignatureValid(key, 'troop/packing-list.pdf', s, justBefore)).toBe(true);
    const after = now + SIGNED_URL_TTL_SECONDS * 1000;
    expect(isSignatureValid(key, 'troop/packing-list.pdf', s, after)).toBe(false);
  });

  it('refuse another path, another key, a moved expiry and missing parts', () => {
    const s = signPath(key, 'troop/a.pdf', now);
    expect(isSignatureValid(key, 'troop/b.pdf', s, now)).toBe(false);
    expect(isSignatureValid(new Uint8Array(32).fill(8), 'troop/a.pdf', s, now)).toBe(false);
    const later = String(Number(s.expires) + 3600);
    expect(isSignatureValid(key, 'troop/a.pdf', { ...s, expires: later }, now)).toBe(false);
    expect(isSignatureValid(key, 'troop/a.pdf', { expires: s.expires }, now)).toBe(false);
    expect(isSignatureValid(key, 'troop/a.pdf', { sig: s.sig }, now)).toBe(false);
    expect(isSignatureValid(key, 'troop/a.pdf', { ...s, expires: '1e99' }, now)).toBe(false);
  });

  it('made before signing had one home still open their file until they expire', () => {
    // Made by the server before storage/signed-urls.ts used security/signatures.ts.
    const secret = new TextEncoder().encode('a fixed server secret for old tokens');
    const made = Date.UTC(2026, 10, 29, 10);
    const old = { expires: '1795950000', sig: '2HMNC7bZVlHV_sT4cDLVNjB4DWBfThW876c76YsUWLo' };
    expect(signPath(secret, 'troop/packing-list.pdf', made)).toEqual(old);
    expect(isSignatureValid(secret, 'troop/packing-list.pdf', old, made)).toBe(true);
    const expired = made + SIGNED_URL_TTL_SECONDS * 1000;
    expect(isSignatureValid(secret, 'troop/packing-list.pdf', old, expired)).toBe(false);
  });
});
