import { describe, expect, it } from 'vitest';
import type { WireMyTroop } from '@scout/protocol/troops';
import { addressTroop, landing, tokenTroop } from './troop-landing.ts';

const troop = (projectId: string, status: WireMyTroop['status'] = 'active'): WireMyTroop => ({
  projectId,
  kind: 'troop',
  number: projectId.replace(/\D/g, ''),
  name: null,
  timeZone: `Zone/${projectId}`,
  role: 'user',
  status,
});
const go = (projectId: string) => ({ projectId, timeZone: `Zone/${projectId}` });

/** A token as the server writes one (header.payload.signature, base64url), unsigned here. */
const token = (claims: object) =>
  ['{"alg":"HS256"}', JSON.stringify(claims)]
    .map((part) => btoa(part).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''))
    .join('.') + '.c2lnbmF0dXJl';

describe('the troop an address names', () => {
  it('is read from the troop parameter when it can be a project id, else none', () => {
    expect(addressTroop('?troop=troop-45')).toBe('troop-45');
    expect(addressTroop('?invite=abc&troop=pack_7')).toBe('pack_7');
    for (const search of ['', '?invite=abc', '?troop=', '?troop=..%2Ftroop-45', '?troop=a%20b'])
      expect(addressTroop(search), search).toBeNull();
  });
});

describe('the troop a session was signed in to', () => {
  it('is the pid of the access token, read without verifying it', () => {
    expect(tokenTroop(token({ sub: 'u1', pid: 'troop-45', name: 'Zoë ~~~?' }))).toBe('troop-45');
    for (const junk of [null, undefined, '', 'sk_key', 'a.b.c', token({ sub: 'u1' })])
      expect(tokenTroop(junk), String(junk)).toBeNull();
  });
});

describe('where a signed-in person lands', () => {
  const mine = [troop('troop-12'), troop('troop-45')];

  it('goes to the troop a link names when they are a member there, and takes it out of the address', () => {
    expect(
      landing({ current: 'troop-12', named: 'troop-45', signedInTo: 'troop-12', mine }),
    ).toEqual({
      go: go('troop-45'),
      dropNamed: true,
    });
    expect(
      landing({ current: 'troop-45', named: 'troop-45', signedInTo: 'troop-12', mine }),
    ).toEqual({
      go: null,
      dropNamed: true,
    });
  });

  it('stays in their own troop when the link names an unknown or foreign one', () => {
    expect(
      landing({ current: 'troop-12', named: 'troop-99', signedInTo: 'troop-12', mine }),
    ).toEqual({
      go: null,
      dropNamed: true,
    });
    expect(landing({ current: 'troop-12', named: null, signedInTo: 'troop-45', mine })).toEqual({
      go: null,
      dropNamed: false,
    });
  });

  it('leaves a troop they are not a member of for the one they signed in to, else their first', () => {
    // Signed up with troop 45's number from the server's own page: the token names 45.
    const in45 = [troop('troop-3'), troop('troop-45', 'pending')];
    expect(
      landing({ current: 'troop-12', named: null, signedInTo: 'troop-45', mine: in45 }),
    ).toEqual({
      go: go('troop-45'),
      dropNamed: false,
    });
    // Removed from the troop chosen here, and from the one signed in to: the first they may enter.
    const left = [troop('troop-3', 'suspended'), troop('troop-45'), troop('troop-61')];
    expect(
      landing({ current: 'troop-12', named: 'troop-99', signedInTo: 'troop-12', mine: left }),
    ).toEqual({
      go: go('troop-45'),
      dropNamed: true,
    });
    expect(
      landing({
        current: 'troop-12',
        named: null,
        signedInTo: null,
        mine: [troop('troop-3', 'suspended')],
      }),
    ).toEqual({ go: go('troop-3'), dropNamed: false });
    // In no troop at all (the server deletes such an account): nowhere to go.
    expect(landing({ current: 'troop-12', named: null, signedInTo: 'troop-12', mine: [] })).toEqual(
      {
        go: null,
        dropNamed: false,
      },
    );
  });
});
