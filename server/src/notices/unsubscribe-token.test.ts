import { describe, expect, it } from 'vitest';
import { deriveMailAnswerKey } from '../rsvps/mail-answer-token.ts';
import {
  deriveUnsubscribeKey,
  readUnsubscribeToken,
  unsubscribeToken,
} from './unsubscribe-token.ts';

const secret = new TextEncoder().encode('a fixed server secret for old tokens');
const key = deriveUnsubscribeKey(secret);

describe('unsubscribe tokens', () => {
  it('mailed before signing had one home still turn that mail off', () => {
    // Made by the server before notices/unsubscribe-token.ts used security/signatures.ts.
    const mailed = 'dXNlci03ZjNh.reminders.gkS65wEApQN7mKNM1O8GF9KpHOklXpiofEPwDM3nhv8';
    expect(readUnsubscribeToken(key, mailed)).toEqual({ userId: 'user-7f3a', kind: 'reminders' });
    expect(unsubscribeToken(key, 'user-7f3a', 'reminders')).toBe(mailed);
  });

  it('name the person and kind they were made for, and nothing else', () => {
    const token = unsubscribeToken(key, 'user-1', 'new_events');
    expect(readUnsubscribeToken(key, token)).toEqual({ userId: 'user-1', kind: 'new_events' });
    const [user, , mac] = token.split('.');
    expect(readUnsubscribeToken(key, `${user}.changes.${mac}`)).toBeUndefined();
    const other = Buffer.from('user-2').toString('base64url');
    expect(readUnsubscribeToken(key, `${other}.new_events.${mac}`)).toBeUndefined();
    expect(readUnsubscribeToken(deriveUnsubscribeKey(new Uint8Array(32)), token)).toBeUndefined();
    expect(readUnsubscribeToken(deriveMailAnswerKey(secret), token)).toBeUndefined();
  });
});
