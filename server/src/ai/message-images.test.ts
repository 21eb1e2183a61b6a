/**
 * Images named in `/text` messages reach the provider as bytes read through the checked
 * outbound client, never as the member's URL (docs/decisions/032-ai-provider-and-models.md):
 * an address inside the troop's network is refused with the error `/image` gives, before any
 * connection, whatever form the address is written in. Nothing leaves loopback: host names
 * resolve through the test resolver, the one site is an https fixture on 127.0.0.1, and
 * refusals are proven with a connector that fails the test if it is called at all.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AI_MESSAGE_IMAGES_MAX } from '@scout/protocol/limits';
import type { Connector } from '../web-data/outbound-client.ts';
import { parseAllowList } from '../web-data/address-policy.ts';
import { SIMULATED_PNG } from '../../test/ai-provider-simulation.ts';
import { bearer, buildAiTestApp, type AiTestApp } from '../../test/ai.ts';
import { loopbackTls, startSite, type Site } from '../../test/ai-media-site.ts';
import { networkGuard, type NetworkGuard } from '../../test/network-guards.ts';

const PNG_DATA_URL = `data:image/png;base64,${SIMULATED_PNG.toString('base64')}`;

interface Setting {
  a: AiTestApp;
  s: Site;
  guard: NetworkGuard;
  stray: string[];
  leader: string;
}

async function setUp(opts: { allow?: string[]; connector?: Connector } = {}): Promise<Setting> {
  const guard = networkGuard();
  const stray: string[] = [];
  const s = await startSite();
  const a = await buildAiTestApp('sqlite', {
    env: { AI_REQUESTS_PER_MINUTE: '1000' },
    config: { dataAllowPrivateHosts: parseAllowList(opts.allow ?? ['fixture.test']) },
    deps: {
      webData: { resolver: guard.resolver, connector: opts.connector ?? loopbackTls(stray) },
    },
  });
  return { a, s, guard, stray, leader: await bearer(a, 'leader-1', 'leader') };
}

/** One app and site for a block of tests, with what they record cleared before each test. */
function sharedSetting(opts: Parameters<typeof setUp>[0] = {}) {
  let setting: Setting | undefined;
  beforeAll(async () => {
    setting = await setUp(opts);
  });
  beforeEach(() => {
    if (!setting) return;
    for (const list of [setting.a.sim.requests, setting.s.seen, setting.guard.lookups])
      list.length = 0;
  });
  afterAll(async () => {
    await setting?.a.close();
    await setting?.s.close();
  });
  return () => setting as Setting;
}

/** A connector that records every call: a refusal must come before any connection. */
function mustNotConnect(called: string[]): Connector {
  return (target) => {
    called.push(`${target.address}:${target.port}`);
    return Promise.reject(new Error('the connector must not be called'));
  };
}

const asking = (image: string, text = 'What knot is this?') => ({
  messages: [
    { role: 'user', content: 'Earlier question' },
    { role: 'assistant', content: [{ type: 'text', text: 'Earlier answer' }] },
    {
      role: 'user',
      content: [
        { type: 'text', text },
        { type: 'image', image },
      ],
    },
  ],
});

/** Every image part of every message the provider was sent. */
const imagesSent = (a: AiTestApp) =>
  a.sim.requests.flatMap((r) =>
    ((r.body.messages ?? []) as { content: unknown }[]).flatMap((m) =>
      Array.isArray(m.content)
        ? (m.content as { type: string; image_url?: { url: string } }[])
            .filter((p) => p.type === 'image_url')
            .map((p) => p.image_url?.url)
        : [],
    ),
  );

describe('Images in /text messages, from sites the address policy allows', () => {
  const allowedSite = sharedSetting();

  it('reads an image of another site through the checked client and sends the provider its bytes, whole or streamed', async () => {
    const { a, s, stray, leader } = allowedSite();
    const whole = await a.post('/text', asking(s.url('/tent.png')), leader);
    expect(whole.statusCode).toBe(200);
    expect(whole.json().text).toBe('Echo: What knot is this?');
    const streamed = await a.post('/text', { ...asking(s.url('/tent.png')), stream: true }, leader);
    expect(streamed.statusCode).toBe(200);
    expect(streamed.body).toContain('"finishReason":"stop"');
    expect(s.seen).toEqual(['/tent.png', '/tent.png']);
    expect(imagesSent(a)).toEqual([PNG_DATA_URL, PNG_DATA_URL]);
    expect(a.sim.requests[0]?.body.messages).toEqual([
      { role: 'user', content: 'Earlier question' },
      { role: 'assistant', content: 'Earlier answer' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What knot is this?' },
          { type: 'image_url', image_url: { url: PNG_DATA_URL } },
        ],
      },
    ]);
    expect(stray).toEqual([]);
  });

  it('reads an image of the troop’s own storage from the storage, and sends its bytes', async () => {
    const { a, s, guard, leader } = allowedSite();
    const own = (await a.post('/image', { prompt: 'A tent' }, leader)).json().data[0].url as string;
    const res = await a.post('/text', asking(own), leader);
    expect(res.statusCode).toBe(200);
    expect(imagesSent(a)).toEqual([PNG_DATA_URL]);
    expect(guard.lookups).toEqual([]);
    expect(s.seen).toEqual([]);
  });

  it('follows a redirect only to an address the policy allows, and only over https', async () => {
    const { a, s, stray, leader } = allowedSite();
    for (const p of ['/to-metadata.png', '/to-mapped-loopback.png']) {
      const res = await a.post('/text', asking(s.url(p)), leader);
      expect(res.statusCode, p).toBe(400);
      expect(res.json().code, p).toBe('DATA_URL_REFUSED');
    }
    const toHttp = await a.post('/text', asking(s.url('/to-http.png')), leader);
    expect(toHttp.statusCode).toBe(400);
    const notImage = await a.post('/text', asking(s.url('/page.png')), leader);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toMatch(/not a JPEG, PNG, GIF or WebP image/);
    expect(s.seen).toEqual([
      '/to-metadata.png',
      '/to-mapped-loopback.png',
      '/to-http.png',
      '/page.png',
    ]);
    expect(stray).toEqual([]);
    expect(a.sim.requests).toHaveLength(0);
  });
});

describe('Images in /text messages, inside the troop’s network', () => {
  const called: string[] = [];
  const nothingAllowed = sharedSetting({ allow: [], connector: mustNotConnect(called) });
  beforeEach(() => {
    called.length = 0;
  });

  it('refuses an address inside the troop’s network in any form, before connecting, whole or streamed', async () => {
    const { a, s, leader } = nothingAllowed();
    const refused = [
      s.url('/tent.png'), // fixture.test is 127.0.0.1, and nothing is listed now
      'https://127.0.0.1/tent.png',
      'https://127.1/tent.png',
      'https://2130706433/tent.png', // 127.0.0.1 as one decimal number
      'https://0x7f000001/tent.png', // ... as one hex number
      'https://0x7f.0.0.1/tent.png',
      'https://0177.0.0.1/tent.png', // ... with an octal part
      'https://[::1]/tent.png',
      'https://[::ffff:127.0.0.1]/tent.png', // IPv4-mapped IPv6
      'https://[::ffff:7f00:1]/tent.png',
      'https://[::ffff:a9fe:a9fe]/latest/meta-data',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00::5]/tent.png',
      'https://10.0.0.5/tent.png',
      'https://metadata.test/latest/meta-data',
      'https://private.test/tent.png',
      'https://mapped.test/tent.png',
      'https://mapped-metadata.test/tent.png',
      'https://ula.test/tent.png',
      'https://mixed.test/tent.png',
    ];
    for (const url of refused)
      for (const stream of [false, true]) {
        const res = await a.post('/text', { ...asking(url), stream }, leader);
        expect(res.statusCode, `${url} stream: ${stream}`).toBe(400);
        expect(res.json().code, url).toBe('DATA_URL_REFUSED');
        expect(res.json().message, url).toContain(`The image ${url}`);
      }
    expect(called).toEqual([]);
    expect(s.seen).toEqual([]);
    expect(a.sim.requests).toHaveLength(0);
  });

  it('never hands the provider a link in any other message shape', async () => {
    const { a, guard, leader } = nothingAllowed();
    // Shapes the protocol does not take: 400 before anything is read or asked.
    for (const part of [
      { type: 'image_url', image_url: { url: 'https://127.0.0.1/a.png' } },
      { type: 'image', image: `http://127.0.0.1/a.png` },
      { type: 'image', image: PNG_DATA_URL },
      { type: 'image', image: { url: 'https://127.0.0.1/a.png' } },
    ]) {
      const res = await a.post('/text', { messages: [{ role: 'user', content: [part] }] }, leader);
      expect(res.statusCode, JSON.stringify(part).slice(0, 60)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    // Each image is read by the server: a request names a bounded number of them.
    const many = await a.post(
      '/text',
      {
        messages: [
          {
            role: 'user',
            content: Array.from({ length: 26 }, (_, i) => ({
              type: 'image',
              image: `https://10.0.0.5/${i}.png`,
            })),
          },
          {
            role: 'user',
            content: Array.from({ length: 25 }, (_, i) => ({
              type: 'image',
              image: `https://10.0.0.6/${i}.png`,
            })),
          },
        ],
      },
      leader,
    );
    expect(many.statusCode).toBe(400);
    expect(many.json().code).toBe('VALIDATION_ERROR');
    expect(many.json().message).toContain(`At most ${AI_MESSAGE_IMAGES_MAX} images`);
    expect(a.sim.requests).toHaveLength(0);
    // Text is text; an image in a system or assistant message is not sent, so not read.
    const res = await a.post(
      '/text',
      {
        messages: [
          {
            role: 'system',
            content: [
              { type: 'image', image: 'https://127.0.0.1/s.png' },
              { type: 'text', text: 'Be brief' },
            ],
          },
          {
            role: 'assistant',
            content: [
              { type: 'image', image: 'https://10.0.0.5/a.png' },
              { type: 'text', text: 'Hi' },
            ],
          },
          { role: 'user', content: 'Look at https://127.0.0.1/u.png' },
        ],
      },
      leader,
    );
    expect(res.statusCode).toBe(200);
    expect(a.sim.requests[0]?.body.messages).toEqual([
      { role: 'system', content: 'Be brief' },
      { role: 'assistant', content: 'Hi' },
      { role: 'user', content: 'Look at https://127.0.0.1/u.png' },
    ]);
    // `/object` takes a prompt, not messages: messages sent to it are not read or passed on.
    for (const stream of [false, true]) {
      const obj = await a.post(
        '/object',
        { prompt: 'A campsite', stream, ...asking('https://127.0.0.1/tent.png') },
        leader,
      );
      expect(obj.statusCode).toBe(200);
    }
    expect(imagesSent(a)).toEqual([]);
    expect(JSON.stringify(a.sim.requests.slice(1).map((r) => r.body))).not.toContain('127.0.0.1');
    expect(guard.lookups).toEqual([]);
    expect(called).toEqual([]);
  });
});
