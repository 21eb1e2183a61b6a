/**
 * Every request a page makes in Chromium goes through the gateway's address policy
 * (docs/decisions/036-chromium-behind-the-gateway.md): images, fetches, frames, workers, shared
 * workers, WebSockets and beacons. The fixture site keeps every request it receives, so a request
 * that slipped past the gateway (Chromium connecting on its own) would show there.
 */
import { describe, expect, it } from 'vitest';
import { embeddedStore } from '../../test/test-app.ts';
import { chromiumPerFile, dataAppPerTest } from '../../test/web-data.ts';

const web = chromiumPerFile();

describe.each(embeddedStore)('Chromium behind the gateway (%s)', (kind) => {
  const build = dataAppPerTest(kind, () => ({ webData: { browser: web.pool } }));

  it('routes every browser request through the policy: forbidden subresources are refused unconnected', async () => {
    const a = await build();
    const before = web.site.seen.length;
    const res = await a.post(
      'scrape',
      { url: `${web.site.origin}/files/forbidden-subresources.html`, formats: ['extract'] },
      a.leader,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().extract.title).toBe('Innocent page');
    // The names were looked up (by the gateway, not by Chromium) and refused before connecting.
    expect(a.net.lookups).toEqual(expect.arrayContaining(['metadata.test', 'private.test']));
    expect(a.net.stray).toEqual([]);
    // The allowed image on loopback did load, through the gateway.
    expect(web.site.seen.slice(before).map((s) => s.url)).toContain('/pixel.png');
    expect(a.net.connections.every((c) => c.startsWith('127.0.0.1:'))).toBe(true);
  });

  it('loopback allowed by name only: the page loads, an image from the bare loopback address is refused', async () => {
    const a = await build({ allow: ['fixture.test'] });
    const before = web.site.seen.length;
    const src = encodeURIComponent(`${web.site.origin}/pixel.png?via=address`);
    const res = await a.post(
      'scrape',
      {
        url: `http://fixture.test:${web.site.port}/page-with-image?src=${src}`,
        formats: ['metadata'],
      },
      a.leader,
    );
    expect(res.json().metadata.title).toBe('Image page');
    const urls = web.site.seen.slice(before).map((s) => s.url);
    expect(urls.some((u) => u.startsWith('/page-with-image'))).toBe(true);
    expect(urls).not.toContain('/pixel.png?via=address');
  });

  it('workers, shared workers, frames, WebSockets and beacons reach only what the policy allows', async () => {
    // Loopback is allowed by the name fixture.test only: the bare address 127.0.0.1 is refused.
    const a = await build({ allow: ['fixture.test'] });
    const before = web.site.seen.length;
    const res = await a.post(
      'scrape',
      {
        url: `http://fixture.test:${web.site.port}/files/workers-and-frames.html`,
        formats: ['metadata'],
      },
      a.leader,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().metadata.title).toBe('Workers and frames');
    const arrived = web.site.seen.slice(before);
    const paths = arrived.map((s) => s.url);
    // Each kind of request did run, and its second attempt (by name) came through the gateway...
    const run = /\?run=(\w+)/.exec(paths.find((p) => p.includes('?run=')) ?? '')?.[1];
    for (const kind of ['dedicated-worker', 'shared-worker', 'frame', 'socket'])
      expect(paths, kind).toContain(`/reached/${run}/${kind}`);
    // ...while its first attempt, at the bare loopback address, never arrived.
    expect(paths.filter((p) => p.startsWith('/leaked/'))).toEqual([]);
    expect(new Set(arrived.map((s) => s.headers.host))).toEqual(
      new Set([`fixture.test:${web.site.port}`]),
    );
    expect(arrived.every((s) => s.method !== 'UPGRADE')).toBe(true);
  });
});
