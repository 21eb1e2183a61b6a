import { describe, expect, it } from 'vitest';
import { deriveUnsubscribeKey } from '../notices/unsubscribe-token.ts';
import { deriveMailAnswerKey, mailAnswerToken, readMailAnswerToken } from './mail-answer-token.ts';

const secret = new TextEncoder().encode('a fixed server secret for old tokens');
const key = deriveMailAnswerKey(secret);
const answer = {
  userId: 'user-7f3a',
  attendee: 'scout:s-42',
  eventId: 'ev-campout',
  occurrence: '2026-12-05',
  answer: 'going',
  expiresMs: Date.UTC(2026, 11, 6, 12),
} as const;

describe('answer links of event mails', () => {
  it('mailed before signing had one home still answer', () => {
    // Made by the server before rsvps/mail-answer-token.ts used security/signatures.ts.
    const mailed =
      'WyJ1c2VyLTdmM2EiLCJzY291dDpzLTQyIiwiZXYtY2FtcG91dCIsIjIwMjYtMTItMDUiLCJnb2luZyIsMTc5NjU1ODQwMDAwMF0.atZ6PLWNbGxtOOX6tt_GlfyHebzJlo6McDAkCoVRp_o';
    expect(readMailAnswerToken(key, mailed)).toEqual(answer);
    expect(mailAnswerToken(key, answer)).toBe(mailed);
  });

  it('say only what they were made with, under their own key', () => {
    const token = mailAnswerToken(key, answer);
    const [, mac] = token.split('.');
    const otherEvent = Buffer.from(
      JSON.stringify([
        'user-7f3a',
        'scout:s-42',
        'ev-other',
        '2026-12-05',
        'going',
        answer.expiresMs,
      ]),
    ).toString('base64url');
    expect(readMailAnswerToken(key, `${otherEvent}.${mac}`)).toBeUndefined();
    expect(readMailAnswerToken(deriveUnsubscribeKey(secret), token)).toBeUndefined();
    expect(readMailAnswerToken(key, `${token}.extra`)).toBeUndefined();
  });
});
