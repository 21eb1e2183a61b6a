import { describe, expect, it } from 'vitest';
import { FakeWindow } from '../../test/fake-browser.ts';
import {
  readEmailLink,
  readMagicToken,
  returnAddress,
  stripEmailLink,
  takeEmailLink,
  takeMagicToken,
} from './email-links.ts';

const APP = 'https://app.scout.test';

describe('readEmailLink', () => {
  it.each([
    [`${APP}/?magic_token=M1`, { kind: 'magic', token: 'M1' }],
    [`${APP}/?token=R1&projectId=troop-42`, { kind: 'reset', token: 'R1' }],
    [`${APP}/?token=R2&projectId=troop-42&type=reset`, { kind: 'reset', token: 'R2' }],
    [`${APP}/?token=R3&type=reset`, { kind: 'reset', token: 'R3' }],
    [`${APP}/?token=V1&type=verify`, { kind: 'verify', token: 'V1' }],
    [`${APP}/?token=V2&type=verify&projectId=troop-42`, { kind: 'verify', token: 'V2' }],
    [`${APP}/?token=V3`, { kind: 'verify', token: 'V3' }],
    [`${APP}/?token=M2&type=magic`, { kind: 'magic', token: 'M2' }],
    [`${APP}/#/reset?token=R4&projectId=troop-42`, { kind: 'reset', token: 'R4' }],
    [`${APP}/#magic_token=M3`, { kind: 'magic', token: 'M3' }],
    [`${APP}/?magic_token=M4&projectId=troop-42`, { kind: 'magic', token: 'M4' }],
  ])('reads %s', (href, link) => {
    expect(readEmailLink(href)).toEqual(link);
  });

  it.each([
    `${APP}/`,
    `${APP}/?page=2#top`,
    `${APP}/?token=&type=verify`,
    `${APP}/?token=X&type=invite`,
    `${APP}/?access_token=A&refresh_token=R`,
    'not a url',
  ])('finds no link in %s', (href) => {
    expect(readEmailLink(href)).toBeNull();
  });
});

describe('stripEmailLink', () => {
  it('removes the link parameters and keeps the rest of the address', () => {
    expect(stripEmailLink(`${APP}/reset?token=R&projectId=troop-42&type=reset&ref=mail#top`)).toBe(
      `${APP}/reset?ref=mail#top`,
    );
    expect(stripEmailLink(`${APP}/?magic_token=M&projectId=troop-42`)).toBe(`${APP}/`);
  });

  it('cleans a hash-router address', () => {
    expect(stripEmailLink(`${APP}/#/reset?token=R&projectId=troop-42`)).toBe(`${APP}/#/reset`);
    expect(stripEmailLink(`${APP}/#/verify?token=V&type=verify&tab=2`)).toBe(
      `${APP}/#/verify?tab=2`,
    );
  });

  it('leaves an unrelated `type` and addresses without a link alone', () => {
    expect(stripEmailLink(`${APP}/?magic_token=M&type=invite`)).toBe(`${APP}/?type=invite`);
    expect(stripEmailLink(`${APP}/?type=reset`)).toBeNull();
    expect(stripEmailLink(`${APP}/?token=X&type=invite`)).toBeNull();
  });
});

describe('readMagicToken', () => {
  it('takes magic_token, or a token no parameter marks as something else', () => {
    expect(readMagicToken(`${APP}/?magic_token=M`)).toBe('M');
    expect(readMagicToken(`${APP}/?token=T`)).toBe('T');
    expect(readMagicToken(`${APP}/?token=T&type=magic`)).toBe('T');
    expect(readMagicToken(`${APP}/?token=T&type=verify`)).toBeNull();
    expect(readMagicToken(`${APP}/?token=T&projectId=troop-42`)).toBeNull();
    expect(readMagicToken(`${APP}/`)).toBeNull();
  });
});

describe('takeEmailLink', () => {
  it('answers the link and replaces the address at once, keeping history state', () => {
    const win = new FakeWindow(`${APP}/reset?token=R&projectId=troop-42&lang=en`);
    win.history.state = { page: 'reset' };
    expect(takeEmailLink(win)).toEqual({ kind: 'reset', token: 'R' });
    expect(win.replacedUrls).toEqual([`${APP}/reset?lang=en`]);
    expect(win.history.state).toEqual({ page: 'reset' });
    expect(takeEmailLink(win)).toBeNull();
  });

  it('touches nothing when there is no link', () => {
    const win = new FakeWindow(`${APP}/?token=X&type=invite`);
    expect(takeEmailLink(win)).toBeNull();
    expect(win.replacedUrls).toEqual([]);
  });
});

describe('takeMagicToken', () => {
  it('takes a magic token and leaves a reset link for the app', () => {
    const magic = new FakeWindow(`${APP}/?magic_token=M`);
    expect(takeMagicToken(magic)).toBe('M');
    expect(magic.location.href).toBe(`${APP}/`);
    const reset = new FakeWindow(`${APP}/?token=R&type=reset`);
    expect(takeMagicToken(reset)).toBeNull();
    expect(reset.replacedUrls).toEqual([]);
  });
});

describe('returnAddress', () => {
  it('is the current page without link or session tokens', () => {
    const win = new FakeWindow(`${APP}/calendar?magic_token=M&access_token=A&view=week#day`);
    expect(returnAddress(win)).toBe(`${APP}/calendar?view=week#day`);
    expect(returnAddress(new FakeWindow(`${APP}/profile`))).toBe(`${APP}/profile`);
    expect(returnAddress(undefined)).toBeUndefined();
  });
});
