import { describe, expect, it } from 'vitest';
import { channelOf } from './analytics-channel.ts';

describe('channelOf', () => {
  it.each([
    ['cpc', 'Paid Search'],
    ['PPC', 'Paid Search'],
    ['email', 'Email'],
    ['social', 'Social'],
    ['referral', 'Referral'],
    ['display', 'Display'],
    ['affiliate', 'Affiliate'],
  ])('utm_medium %s is %s, whatever the referrer', (utmMedium, channel) => {
    expect(channelOf({ utmMedium, referrer: 'https://www.google.com/search?q=scouts' })).toBe(
      channel,
    );
    expect(channelOf({ utmMedium, referrer: '' })).toBe(channel);
  });

  it('an unknown medium falls through to the referrer', () => {
    expect(channelOf({ utmMedium: 'newsletter-ish', referrer: 'https://blog.example.org/' })).toBe(
      'Referral',
    );
  });

  it('no referrer, or one that is not a web address, is Direct', () => {
    expect(channelOf({})).toBe('Direct');
    expect(channelOf({ referrer: '   ' })).toBe('Direct');
    expect(channelOf({ referrer: 'not a url' })).toBe('Direct');
    expect(channelOf({ referrer: 'android-app://com.google.android.gm/' })).toBe('Direct');
  });

  it.each([
    ['https://www.google.com/search?q=troop', 'Organic Search'],
    ['https://google.co.uk/', 'Organic Search'],
    ['https://www.bing.com/search?q=x', 'Organic Search'],
    ['https://duckduckgo.com/', 'Organic Search'],
    ['https://search.yahoo.com/search?p=x', 'Organic Search'],
    ['https://m.facebook.com/groups/troop12', 'Social'],
    ['https://t.co/abc', 'Social'],
    ['https://www.instagram.com/', 'Social'],
    ['https://mail.google.com/mail/u/0/', 'Email'],
    ['https://outlook.live.com/mail/0/', 'Email'],
    ['https://webmail.troop12.org/', 'Email'],
    ['https://council.example.org/camps', 'Referral'],
    ['https://notgoogle.com.evil.example/', 'Referral'],
    ['https://xfacebook.com/', 'Referral'],
  ])('referrer %s is %s', (referrer, channel) => {
    expect(channelOf({ referrer })).toBe(channel);
  });
});
