/**
 * scrape and screenshot on a real headless Chromium (/usr/bin/chromium) against loopback pages.
 * Every request the browser makes goes through the gateway and the test network guard: the
 * resolver maps test names to forbidden addresses, and any connection outside loopback fails.
 */
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { embeddedStore } from '../../test/test-app.ts';
import { buildDataTestApp, chromiumPerFile, dataAppPerTest } from '../../test/web-data.ts';
import { createBrowserPool } from './browser-pool.ts';

const web = chromiumPerFile();

describe.each(embeddedStore)('scrape and screenshot on Chromium (%s)', (kind) => {
  const build = dataAppPerTest(kind, () => ({ webData: { browser: web.pool } }));

  it('scrapes a page whose content only JavaScript writes', async () => {
    const a = await build();
    const res = await a.post(
      'scrape',
      { url: `${web.site.origin}/files/js-page.html`, formats: ['markdown', 'metadata', 'links'] },
      a.leader,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.markdown).toContain('# Rendered by script');
    expect(body.markdown).toContain('Next meeting: Tuesday at 7 pm in the church hall.');
    expect(body.metadata.title).toBe('Troop 12 Calendar');
    expect(body.metadata.domain).toBe('127.0.0.1');
    expect(body.links).toEqual([]);
    expect(body.html).toBeUndefined();
  });

  it('scrapes every format of a static page, links resolved against where redirects ended', async () => {
    const a = await build();
    const to = encodeURIComponent('/files/council-page.html');
    const res = await a.post(
      'scrape',
      {
        url: `${web.site.origin}/redirect?to=${to}`,
        formats: ['markdown', 'html', 'links', 'extract', 'metadata'],
      },
      a.leader,
    );
    const body = res.json();
    expect(body.extract.headings).toEqual(['Spring Camporee 2026', 'What to bring']);
    expect(body.html).toContain('<article>');
    expect(body.links).toContainEqual({
      text: 'packing list',
      url: `${web.site.origin}/files/packing-list.pdf`,
      type: 'internal',
    });
    expect(body.metadata.url).toBe(`${web.site.origin}/files/council-page.html`);
  });

  it('each capture starts in a fresh browser: no cookie or local storage from an earlier one', async () => {
    const a = await build();
    const before = web.site.seen.length;
    const page = (visitor: string) => `${web.site.origin}/remember?visitor=${visitor}`;
    const found = (res: { json(): { markdown: string } }) =>
      /Cookies: .*\./.exec(res.json().markdown)?.[0];

    const first = await a.post('scrape', { url: page('first'), formats: ['markdown'] }, a.leader);
    // Within one capture cookies work: the site's own, the page's, and both sent back.
    expect(found(first)).toBe(
      'Cookies: patrol=eagles. Stored: none. Now: patrol=eagles; visitor=first.',
    );
    const shot = await a.post('screenshot', { url: page('second') }, a.leader);
    expect(shot.statusCode).toBe(200);
    const third = await a.post('scrape', { url: page('third'), formats: ['markdown'] }, a.leader);
    expect(found(third)).toBe(
      'Cookies: patrol=eagles. Stored: none. Now: patrol=eagles; visitor=third.',
    );

    const arrived = web.site.seen.slice(before);
    const cookieOf = (path: string) => arrived.find((s) => s.url === path)?.headers.cookie;
    expect(cookieOf('/pixel.png?after=first')).toBe('patrol=eagles; visitor=first');
    expect(cookieOf('/pixel.png?after=third')).toBe('patrol=eagles; visitor=third');
    // The page itself was asked for three times, never with a cookie from before.
    const pages = arrived.filter((s) => s.url.startsWith('/remember'));
    expect(pages.map((s) => [s.url, s.headers.cookie])).toEqual([
      ['/remember?visitor=first', undefined],
      ['/remember?visitor=second', undefined],
      ['/remember?visitor=third', undefined],
    ]);
  });

  it('refuses a private page before starting a browser, and a redirect into the network', async () => {
    const a = await build({ allow: [] });
    const res = await a.post('scrape', { url: `${web.site.origin}/files/js-page.html` }, a.leader);
    expect([res.statusCode, res.json().code]).toEqual([400, 'DATA_URL_REFUSED']);
    const meta = await a.post('screenshot', { url: 'http://metadata.test/' }, a.leader);
    expect([meta.statusCode, meta.json().code]).toEqual([400, 'DATA_URL_REFUSED']);
    expect(a.net.connections).toEqual([]);
    await a.close();
    const b = await build();
    const to = encodeURIComponent('http://mapped-metadata.test/');
    const redirected = await b.post(
      'scrape',
      { url: `${web.site.origin}/redirect?to=${to}` },
      b.leader,
    );
    expect([redirected.statusCode, redirected.json().code]).toEqual([400, 'DATA_URL_REFUSED']);
  });

  it('gives up on a page that never finishes loading', async () => {
    const a = await build({ webData: { timeoutMs: 800 } });
    const res = await a.post('scrape', { url: `${web.site.origin}/slow` }, a.leader);
    expect([res.statusCode, res.json().code]).toEqual([504, 'DATA_TARGET_TIMEOUT']);
  });

  it('screenshots the rendered page at the size asked, stored as the caller’s PNG', async () => {
    const a = await build();
    const res = await a.post(
      'screenshot',
      { url: `${web.site.origin}/files/js-page.html`, width: 400, height: 300 },
      a.leader,
    );
    expect(res.statusCode).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(/\/object\/users\/[^/]+\/screenshots\/\d+-[0-9a-f]+\.png$/);
    const served = await a.app.inject({ url: new URL(url).pathname });
    expect(served.headers['content-type']).toBe('image/png');
    const image = sharp(served.rawPayload);
    expect(await image.metadata()).toMatchObject({ format: 'png', width: 400, height: 300 });
    // The red band the page's script draws is in the picture.
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray(
        (y * info.width + x) * info.channels,
        (y * info.width + x) * info.channels + 3,
      ),
    ];
    expect(at(200, 290)).toEqual([255, 0, 0]);
    expect(at(200, 5)).toEqual([255, 255, 255]);
  });

  it('a full-page screenshot is as tall as the page, cut at the height limit', async () => {
    const a = await build();
    const full = await a.post(
      'screenshot',
      { url: `${web.site.origin}/files/js-page.html`, width: 400, height: 200, fullPage: true },
      a.leader,
    );
    const page = await a.app.inject({ url: new URL(full.json().url).pathname });
    expect((await sharp(page.rawPayload).metadata()).height).toBeGreaterThan(300);
    const tall = await a.post(
      'screenshot',
      { url: `${web.site.origin}/tall`, width: 200, height: 200, fullPage: true },
      a.leader,
    );
    const cut = await a.app.inject({ url: new URL(tall.json().url).pathname });
    expect((await sharp(cut.rawPayload).metadata()).height).toBe(16_384);
  });

  it('answers bad input with 400 and members without data.use with 403', async () => {
    const a = await build();
    for (const [call, payload] of [
      ['scrape', {}],
      ['scrape', { url: web.site.origin, formats: ['pdf'] }],
      ['scrape', { url: web.site.origin, formats: [] }],
      ['screenshot', { url: web.site.origin, width: 50 }],
      ['screenshot', { url: web.site.origin, height: 99999 }],
      ['screenshot', { url: 'javascript:alert(1)' }],
    ] as const)
      expect((await a.post(call, payload, a.leader)).statusCode, JSON.stringify(payload)).toBe(400);
    expect((await a.post('screenshot', { url: web.site.origin }, a.member)).statusCode).toBe(403);
  });
});

describe('the browser pool', () => {
  it('answers 503 BROWSER_UNAVAILABLE when no Chromium is installed; other calls still work', async () => {
    for (const browser of [
      createBrowserPool({ executablePath: undefined, maxPages: 1 }),
      createBrowserPool({ executablePath: path.join('/nonexistent', 'chromium'), maxPages: 1 }),
    ]) {
      const a = await buildDataTestApp({ webData: { browser } });
      try {
        for (const call of ['scrape', 'screenshot']) {
          const res = await a.post(
            call,
            { url: `${web.site.origin}/files/js-page.html` },
            a.leader,
          );
          expect([res.statusCode, res.json().code]).toEqual([503, 'BROWSER_UNAVAILABLE']);
          expect(res.json().message).toMatch(/no browser is installed/);
        }
        const ok = await a.post(
          'extract-from-url',
          { url: `${web.site.origin}/files/notes.txt` },
          a.leader,
        );
        expect(ok.statusCode).toBe(200);
      } finally {
        await a.close();
        await browser.close();
      }
    }
  });

  it('opens at most maxPages pages at once; the others wait their turn', async () => {
    // Each capture holds its page until the test lets it go.
    const holding: Array<() => void> = [];
    let arrived = () => {};
    const captures = [1, 2, 3, 4].map((n) =>
      web.pool.withPage({ width: 200, height: 200 }, async (page) => {
        await page.setContent(`<p>${n}</p>`);
        await new Promise<void>((resolve) => {
          holding.push(resolve);
          arrived();
        });
        return page.textContent('p');
      }),
    );
    const holds = (count: number) =>
      new Promise<void>((resolve) => {
        arrived = () => holding.length >= count && resolve();
        arrived();
      });
    await holds(2);
    // The pool's maximum (2) are open; the other two wait, and none of them has a page.
    expect([web.pool.open, web.pool.queued, holding.length]).toEqual([2, 2, 2]);
    holding[0]?.();
    await holds(3);
    expect([web.pool.open, web.pool.queued, holding.length]).toEqual([2, 1, 3]);
    for (const release of holding.slice(1)) release();
    await holds(4);
    holding[3]?.();
    expect(await Promise.all(captures)).toEqual(['1', '2', '3', '4']);
    expect([web.pool.open, web.pool.queued]).toEqual([0, 0]);
  });

  it('launches a new browser when the old one died', async () => {
    await web.pool.withPage({ width: 200, height: 200 }, async (_page, context) => {
      await context.browser()?.close();
    });
    const text = await web.pool.withPage({ width: 200, height: 200 }, async (page) => {
      await page.setContent('<p>alive again</p>');
      return page.textContent('p');
    });
    expect(text).toBe('alive again');
  });
});
