/**
 * The SDK and the server agree on every visit's channel: the packed SDK labels an event from its
 * landing page and referrer, the running server works it out again from what arrives
 * (protocol/src/analytics-channel.ts), and the two labels must match for any address and referrer.
 * A property over random ones, so that a disagreement shrinks to the smallest that shows it.
 */
import { expect, test } from '../support/fixtures.ts';
import fc from 'fast-check';
import { baseURL } from '../playwright.config.ts';
import { admin } from '../support/accounts.ts';
import { memoryStorage, NodeWindow } from '../support/node-window.ts';
import { usePackedSdk } from '../support/packed-sdk.ts';

const PROJECT = 'scout-troop';
const sdk = usePackedSdk();

const hosts = fc.oneof(
  fc.constantFrom(
    'www.google.com',
    'google.co.uk',
    'bing.com',
    'duckduckgo.com',
    'search.yahoo.com',
    'm.facebook.com',
    't.co',
    'www.instagram.com',
    'mail.google.com',
    'outlook.live.com',
    'webmail.troop214.example',
    'council.example.org',
    'xfacebook.com',
  ),
  fc.domain(),
);
const referrers = fc.oneof(
  fc.constant(''),
  fc
    .tuple(fc.constantFrom('http', 'https'), hosts, fc.webPath())
    .map(([scheme, host, p]) => `${scheme}://${host}${p}`),
  fc.webUrl(),
  fc.string({ maxLength: 40 }),
  // Longer than the 256 characters an event's string keeps: the server sees it cut.
  fc
    .tuple(hosts, fc.integer({ min: 230, max: 400 }))
    .map(([host, n]) => `https://${host}/${'p'.repeat(n)}`),
  fc
    .tuple(fc.integer({ min: 240, max: 300 }), fc.constantFrom('.google.com', '.facebook.com'))
    .map(([n, suffix]) => `https://${'a'.repeat(n)}${suffix}/`),
);
const mediums = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('x'.repeat(300), `${'y'.repeat(253)}cpc`),
  fc.constantFrom('cpc', 'PPC', 'email', 'social', 'referral', 'display', 'affiliate', 'print'),
  fc.string({ maxLength: 12 }),
);

test('the server stores the channel the SDK labelled, for random landing pages and referrers', async () => {
  const operator = sdk.createClient({ projectId: PROJECT, baseUrl: baseURL });
  await operator.auth.signInWithEmail(admin.email, admin.password);
  await fc.assert(
    fc.asyncProperty(mediums, referrers, async (medium, referrer) => {
      const landing = new URL(`${baseURL}/landing`);
      if (medium !== undefined) landing.searchParams.set('utm_medium', medium);
      const storage = memoryStorage();
      const visitor = sdk.createClient({
        projectId: PROJECT,
        baseUrl: baseURL,
        window: new NodeWindow(landing.toString(), referrer),
        storage,
        analyticsPageviews: false,
      });
      visitor.analytics.log('property-check');
      const [queued] = JSON.parse(storage.getItem(`blink_analytics_queue_${PROJECT}`) ?? '[]') as {
        session_id: string;
        channel: string;
      }[];
      await visitor.analytics.destroy();
      expect(storage.getItem(`blink_analytics_queue_${PROJECT}`)).toBeNull();
      const { rows } = await operator.db.sql(
        `SELECT channel FROM analytics_events WHERE type = 'property-check' AND session_id = ?`,
        [queued!.session_id],
      );
      expect(rows).toEqual([{ channel: queued!.channel }]);
    }),
    { seed: 20261125, numRuns: 60 },
  );
});
