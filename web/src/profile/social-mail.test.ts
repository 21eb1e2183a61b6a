import { describe, expect, it } from 'vitest';
import { SOCIAL_MAIL_OPTIONS, socialMailLabel, socialMailOfLabel } from './social-mail.ts';

describe('the social mail choice', () => {
  it('offers each post, a daily digest and none, mentions still coming, each read back', () => {
    expect(SOCIAL_MAIL_OPTIONS).toEqual([
      'Each post',
      'Daily digest (6:00 PM)',
      'None (mentions still come)',
    ]);
    expect(SOCIAL_MAIL_OPTIONS.map(socialMailOfLabel)).toEqual(['each', 'digest', 'none']);
    expect(socialMailLabel('none')).toBe('None (mentions still come)');
  });

  it('shows the digest for settings without a choice, and reads an unknown label as it', () => {
    expect(socialMailLabel(undefined)).toBe('Daily digest (6:00 PM)');
    expect(socialMailOfLabel('Hourly')).toBe('digest');
  });
});
