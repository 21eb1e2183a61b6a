/**
 * Where a visit came from (docs/product.md section 9): one pure function, so the SDK that
 * labels an event and the server that checks it always agree. The first rule that matches wins:
 * the campaign's `utm_medium`, then the referrer's host.
 */

export const ANALYTICS_CHANNELS = [
  'Paid Search',
  'Email',
  'Social',
  'Referral',
  'Display',
  'Affiliate',
  'Organic Search',
  'Direct',
] as const;

export type AnalyticsChannel = (typeof ANALYTICS_CHANNELS)[number];

const MEDIUM_CHANNELS: Record<string, AnalyticsChannel> = {
  cpc: 'Paid Search',
  ppc: 'Paid Search',
  email: 'Email',
  social: 'Social',
  referral: 'Referral',
  display: 'Display',
  affiliate: 'Affiliate',
};

/** Search engines by the host's name; `www.` and a country suffix (google.co.uk) are allowed. */
const SEARCH_ENGINE =
  /^(?:www\.)?(?:google|bing|yahoo|duckduckgo|baidu|yandex|ecosia|ask|startpage|qwant)\.[a-z]{2,3}(?:\.[a-z]{2})?$|^search\.(?:yahoo|brave)\.com$/;
const SOCIAL_DOMAINS = [
  'facebook.com',
  'fb.com',
  'instagram.com',
  'twitter.com',
  'x.com',
  't.co',
  'linkedin.com',
  'lnkd.in',
  'pinterest.com',
  'reddit.com',
  'tiktok.com',
  'youtube.com',
  'whatsapp.com',
  'threads.net',
  'mastodon.social',
  'nextdoor.com',
];
const MAIL_HOST =
  /^(?:mail\.google\.com|outlook\.live\.com|outlook\.office\.com|outlook\.office365\.com|mail\.yahoo\.com|mail\.aol\.com|mail\.proton\.me|(?:web)?mail\.[a-z0-9.-]+)$/;

const inDomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** The referrer's host in lower case, or null when it is not an http(s) URL. */
export function referrerHost(referrer: string): string | null {
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.hostname.toLowerCase().replace(/\.$/, '') || null;
  } catch {
    return null;
  }
}

export function channelOf(input: {
  utmMedium?: string | null | undefined;
  referrer?: string | null | undefined;
}): AnalyticsChannel {
  const medium = MEDIUM_CHANNELS[(input.utmMedium ?? '').trim().toLowerCase()];
  if (medium) return medium;
  const referrer = (input.referrer ?? '').trim();
  if (!referrer) return 'Direct';
  const host = referrerHost(referrer);
  if (!host) return 'Direct';
  if (SEARCH_ENGINE.test(host)) return 'Organic Search';
  if (SOCIAL_DOMAINS.some((d) => inDomain(host, d))) return 'Social';
  if (MAIL_HOST.test(host)) return 'Email';
  return 'Referral';
}
