import { describe, expect, it } from 'vitest';
import { EMAIL_LINK_MESSAGES } from './email-link-messages.ts';
import { linkFailure } from './link-failure.ts';

describe('an emailed link that failed', () => {
  it('says a spent or expired link is spent or expired, and offers a new one', () => {
    for (const code of ['VERIFICATION_FAILED', 'MAGIC_LINK_EXPIRED', 'TOKEN_EXPIRED']) {
      expect(
        linkFailure({ code, userMessage: 'Verification failed. Please try again.' }, 'x'),
      ).toEqual({
        message: EMAIL_LINK_MESSAGES.linkUnusable,
        unusable: true,
      });
    }
  });

  it("passes on the service's words for anything else", () => {
    expect(linkFailure({ code: 'NETWORK_ERROR', userMessage: 'Network error.' }, 'x')).toEqual({
      message: 'Network error.',
      unusable: false,
    });
    expect(linkFailure(new Error('boom'), 'Could not verify.')).toEqual({
      message: 'Could not verify.',
      unusable: false,
    });
  });
});
