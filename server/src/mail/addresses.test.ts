import { describe, expect, it } from 'vitest';
import { headerText } from './mailer.ts';
import { isMailAddress, parseMailbox } from './addresses.ts';

describe('mail addresses', () => {
  it.each([
    'a@troop.example',
    'first.last+tag@sub.troop.example',
    "o'neil@troop.example",
    'jürgen@müller.example',
  ])('accepts %s', (address) => {
    expect(isMailAddress(address)).toBe(true);
    expect(parseMailbox(address)).toEqual({ address });
  });

  it.each([
    'a@b',
    'a,b@troop.example',
    'a@troop.example, b@troop.example',
    'a@troop.example\r\nBcc: c@evil.example',
    '"a"@troop.example',
    'a@@troop.example',
    '.a@troop.example',
    'a..b@troop.example',
    'a@-troop.example',
    '<a@troop.example',
    '',
  ])('refuses %j', (raw) => {
    expect(parseMailbox(raw)).toBeUndefined();
  });

  it('reads "Name <address>" and tames the name', () => {
    expect(parseMailbox('Alex Morgan <alex@troop.example>')).toEqual({
      address: 'alex@troop.example',
      name: 'Alex Morgan',
    });
    expect(parseMailbox('"Morgan, Alex" <alex@troop.example>')).toEqual({
      address: 'alex@troop.example',
      name: 'Morgan, Alex',
    });
    expect(parseMailbox('<alex@troop.example>')).toEqual({ address: 'alex@troop.example' });
    expect(parseMailbox('Alex <a@troop.example>, Bo <b@troop.example>')).toBeUndefined();
  });

  it('turns line breaks in header text into spaces', () => {
    expect(headerText('Hello\r\nBcc: x@evil.example')).toBe('Hello Bcc: x@evil.example');
    expect(headerText('a\u2028b\tc')).toBe('a b c');
  });
});
