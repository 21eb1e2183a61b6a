import { describe, expect, it } from 'vitest';
import { EVENT_LINK_MAX_LENGTH } from '@scout/protocol/limits';
import {
  checkEventLink,
  LINK_INVALID_MESSAGE,
  LINK_SCHEME_MESSAGE,
  LINK_TOO_LONG_MESSAGE,
  safeHref,
} from './event-link.ts';

describe('checkEventLink', () => {
  it('accepts no link, and http and https addresses (trimmed)', () => {
    expect(checkEventLink('')).toEqual({ ok: true, value: null });
    expect(checkEventLink('   ')).toEqual({ ok: true, value: null });
    expect(checkEventLink(' https://troop.example/camp?day=1 ')).toEqual({
      ok: true,
      value: 'https://troop.example/camp?day=1',
    });
    expect(checkEventLink('http://troop.example')).toEqual({
      ok: true,
      value: 'http://troop.example',
    });
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    ' javascript:void(0)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://troop.example/file',
    'mailto:leader@troop.example',
    'webcal://troop.example/feed.ics',
  ])('refuses %s with the scheme message', (link) => {
    expect(checkEventLink(link)).toEqual({ ok: false, message: LINK_SCHEME_MESSAGE });
  });

  it('asks for a full address when there is no scheme, and refuses links over the limit', () => {
    expect(checkEventLink('troop.example/camp')).toEqual({
      ok: false,
      message: LINK_INVALID_MESSAGE,
    });
    expect(checkEventLink('https://')).toEqual({ ok: false, message: LINK_SCHEME_MESSAGE });
    const long = `https://troop.example/${'a'.repeat(EVENT_LINK_MAX_LENGTH)}`;
    expect(checkEventLink(long)).toEqual({ ok: false, message: LINK_TOO_LONG_MESSAGE });
    const atLimit = `https://t.example/${'a'.repeat(EVENT_LINK_MAX_LENGTH - 18)}`;
    expect(atLimit).toHaveLength(EVENT_LINK_MAX_LENGTH);
    expect(checkEventLink(atLimit).ok).toBe(true);
  });
});

describe('safeHref', () => {
  it('renders only http and https links', () => {
    expect(safeHref('https://troop.example/camp')).toBe('https://troop.example/camp');
    expect(safeHref('http://troop.example')).toBe('http://troop.example/');
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      'jav\tascript:alert(1)',
      'not a url',
      '',
      null,
      undefined,
    ]) {
      expect(safeHref(bad)).toBeNull();
    }
  });
});
