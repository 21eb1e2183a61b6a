import { describe, expect, it } from 'vitest';
import { UI_MESSAGES } from '@scout/protocol/errors';
import { failureMessage } from './failure-message.ts';

describe('failureMessage', () => {
  it("shows the service's message for a client-library error", () => {
    const err = Object.assign(new Error('raw'), {
      code: 'EMAIL_ALREADY_EXISTS',
      userMessage: 'An account with this email already exists.',
    });
    expect(failureMessage(err, UI_MESSAGES.signUpFailed)).toBe(
      'An account with this email already exists.',
    );
  });

  it('falls back when the error carries no message for people', () => {
    expect(failureMessage(new Error('TypeError: Failed to fetch'), UI_MESSAGES.signInFailed)).toBe(
      UI_MESSAGES.signInFailed,
    );
    expect(failureMessage({ userMessage: '   ' }, UI_MESSAGES.signInFailed)).toBe(
      UI_MESSAGES.signInFailed,
    );
    expect(failureMessage(undefined, UI_MESSAGES.signUpFailed)).toBe(UI_MESSAGES.signUpFailed);
    expect(failureMessage('boom', UI_MESSAGES.signUpFailed)).toBe(UI_MESSAGES.signUpFailed);
  });
});
