import { describe, expect, it } from 'vitest';
import { UI_MESSAGES } from '@scout/protocol/errors';
import { errorFromResponse, networkError } from '@scout/sdk/errors';
import {
  avatarFailureMessage,
  passwordChangeFailureMessage,
  profileFailureMessage,
} from './profile-failure.ts';

describe('profileFailureMessage', () => {
  it('tells the person to sign in again after a 401 or a network failure', () => {
    expect(profileFailureMessage(errorFromResponse(401, { code: 'TOKEN_EXPIRED' }))).toBe(
      UI_MESSAGES.profileAuthFailed,
    );
    expect(profileFailureMessage(networkError('Failed to fetch'))).toBe(
      UI_MESSAGES.profileAuthFailed,
    );
    expect(profileFailureMessage(errorFromResponse(502, null))).toBe(UI_MESSAGES.profileAuthFailed);
  });

  it("shows the service's message otherwise", () => {
    const err = errorFromResponse(400, {
      error: { code: 'VALIDATION_ERROR', message: 'displayName must be at most 200 characters' },
    });
    expect(profileFailureMessage(err)).toBe('displayName must be at most 200 characters');
  });

  it('falls back to the generic words', () => {
    expect(profileFailureMessage(new Error('boom'))).toBe(UI_MESSAGES.profileUpdateFailed);
    expect(profileFailureMessage(undefined)).toBe(UI_MESSAGES.profileUpdateFailed);
  });
});

describe('avatarFailureMessage', () => {
  it("shows the failure's message, else the generic words", () => {
    const refused = errorFromResponse(400, {
      error: { code: 'VALIDATION_ERROR', message: UI_MESSAGES.avatarNotImage },
    });
    expect(avatarFailureMessage(refused)).toBe(UI_MESSAGES.avatarNotImage);
    expect(avatarFailureMessage(new TypeError('x is undefined'))).toBe(
      UI_MESSAGES.avatarUploadFailed,
    );
  });
});

describe('passwordChangeFailureMessage', () => {
  it("shows the server's words about a wrong current password", () => {
    const err = errorFromResponse(401, {
      error: 'The current password is not correct',
      code: 'INVALID_CREDENTIALS',
    });
    expect(passwordChangeFailureMessage(err)).toBe('The current password is not correct');
  });

  it('uses the catalogue wording when the server sent no words of its own', () => {
    expect(
      passwordChangeFailureMessage(errorFromResponse(401, { code: 'INVALID_CREDENTIALS' })),
    ).toBe('Invalid email or password. Please try again.');
  });

  it("shows other failures' messages for people, else the generic words", () => {
    expect(passwordChangeFailureMessage(errorFromResponse(429, { code: 'RATE_LIMITED' }))).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(passwordChangeFailureMessage(new Error('boom'))).toBe(UI_MESSAGES.passwordChangeFailed);
  });
});
