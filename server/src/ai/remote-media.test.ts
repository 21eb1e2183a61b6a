/**
 * Images to modify and audio to transcribe named by another site's https URL: fetched through
 * the checked outbound client (docs/decisions/035-outbound-address-policy.md). Nothing leaves
 * loopback: host names resolve through the test resolver, the one site is an https fixture on
 * 127.0.0.1 (its self-signed certificate trusted by the test's connector alone), and refusals
 * are proven with a connector that fails the test if it is called at all.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Connector } from '../web-data/outbound-client.ts';
import { parseAllowList } from '../web-data/address-policy.ts';
import { SIMULATED_MP3, SIMULATED_PNG } from '../../test/ai-provider-simulation.ts';
import { bearer, buildAiTestApp, type AiTestApp } from '../../test/ai.ts';
import { loopbackTls, startSite, type Site } from '../../test/ai-media-site.ts';
import { networkGuard } from '../../test/network-guards.ts';

let app: AiTestApp | undefined;
let site: Site | undefined;
afterEach(async () => {
  await app?.close();
  await site?.close();
  app = site = undefined;
});

async function setUp(opts: { allow?: string[]; connector?: Connector; timeoutMs?: number } = {}) {
  const guard = networkGuard();
  const stray: string[] = [];
  site = await startSite();
  app = await buildAiTestApp('sqlite', {
    config: { dataAllowPrivateHosts: parseAllowList(opts.allow ?? ['fixture.test']) },
    deps: {
      webData: {
        resolver: guard.resolver,
        connector: opts.connector ?? loopbackTls(stray),
        ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
      },
    },
  });
  return { a: app, s: site, stray, leader: await bearer(app, 'leader-1', 'leader') };
}

describe('AI images and audio by another site’s https URL', () => {
  it('modifies an image fetched from a site the address policy allows, sent to the provider as a file', async () => {
    const { a, s, stray, leader } = await setUp();
    const res = await a.post(
      '/image',
      { prompt: 'Add a fire', images: [s.url('/tent.png')] },
      leader,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
    expect(s.seen).toEqual(['/tent.png']);
    const edit = a.sim.requests.at(-1);
    expect(edit?.path).toBe('/v1/images/edits');
    expect(Object.values(edit?.form ?? {})).toContainEqual({
      name: 'image-0.png',
      size: SIMULATED_PNG.length,
    });
    expect(stray).toEqual([]);
  });

  it('transcribes audio fetched from such a site; what is not sound by its bytes is 400', async () => {
    const { a, s, leader } = await setUp();
    const res = await a.post('/transcribe', { audio: s.url('/hello.mp3') }, leader);
    expect(res.statusCode).toBe(200);
    expect(res.json().text).toBe(`Simulated transcript of ${SIMULATED_MP3.length} bytes`);
    const notSound = await a.post('/transcribe', { audio: s.url('/tent.png') }, leader);
    expect(notSound.statusCode).toBe(400);
    expect(notSound.json().message).toMatch(/not a sound file/);
    expect(a.sim.requests.filter((r) => r.path === '/v1/audio/transcriptions')).toHaveLength(1);
  });

  it('refuses private, loopback, link-local and metadata addresses before connecting, unless listed', async () => {
    const called: string[] = [];
    const { a, s, leader } = await setUp({
      allow: [],
      connector: (target) => {
        called.push(`${target.address}:${target.port}`);
        return Promise.reject(new Error('the connector must not be called'));
      },
    });
    const refused = [
      s.url('/tent.png'), // fixture.test is 127.0.0.1, and nothing is listed now
      'https://metadata.test/latest/meta-data.png',
      'https://169.254.169.254/latest/meta-data.png',
      'https://private.test/tent.png',
      'https://10.0.0.5/tent.png',
      'https://127.0.0.1/tent.png',
      'https://[::1]/tent.png',
      'https://mapped-metadata.test/tent.png',
      'https://ula.test/tent.png',
      'https://mixed.test/tent.png',
    ];
    for (const url of refused) {
      const image = await a.post('/image', { prompt: 'x', images: [url] }, leader);
      expect(image.statusCode, url).toBe(400);
      expect(image.json().code, url).toBe('DATA_URL_REFUSED');
      const audio = url.replace(/\.png$/, '.mp3');
      const heard = await a.post('/transcribe', { audio }, leader);
      expect(heard.statusCode, audio).toBe(400);
      expect(heard.json().code, audio).toBe('DATA_URL_REFUSED');
    }
    expect(called).toEqual([]);
    expect(s.seen).toEqual([]);
    expect(a.sim.requests).toHaveLength(0);
  });

  it('follows a redirect only to an address the policy allows, and only over https', async () => {
    const { a, s, stray, leader } = await setUp();
    const toMetadata = await a.post(
      '/image',
      { prompt: 'x', images: [s.url('/to-metadata.png')] },
      leader,
    );
    expect(toMetadata.statusCode).toBe(400);
    expect(toMetadata.json().code).toBe('DATA_URL_REFUSED');
    const toHttp = await a.post('/image', { prompt: 'x', images: [s.url('/to-http.png')] }, leader);
    expect(toHttp.statusCode).toBe(400);
    expect(s.seen).toEqual(['/to-metadata.png', '/to-http.png']);
    expect(stray).toEqual([]);
    expect(a.sim.requests).toHaveLength(0);
  });

  it('bounds what it reads in bytes and in time, and judges an image by its bytes', async () => {
    // Long enough to read the 21 MB of /huge.png on a loaded machine, so its answer is the size.
    const { a, s, leader } = await setUp({ timeoutMs: 6000 });
    const cases: [string, number, RegExp | string][] = [
      ['/huge.png', 400, /too large/],
      ['/page.png', 400, /not a JPEG, PNG, GIF or WebP image/],
      ['/missing.png', 400, /answered 404/],
      ['/slow.png', 504, 'DATA_TARGET_TIMEOUT'],
    ];
    for (const [p, status, why] of cases) {
      const res = await a.post('/image', { prompt: 'x', images: [s.url(p)] }, leader);
      expect(res.statusCode, p).toBe(status);
      if (typeof why === 'string') expect(res.json().code).toBe(why);
      else expect(res.json().message).toMatch(why);
    }
    expect(a.sim.requests).toHaveLength(0);
  });
});
