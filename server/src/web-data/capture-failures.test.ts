/**
 * What scrape and screenshot answer when a page loads too much or the browser dies, on the real
 * Chromium (/usr/bin/chromium) against loopback pages: a page whose images weigh more than a
 * capture may load in all is stopped with 413, and a browser killed (SIGKILL) fails the capture
 * it was running with 503 while the next capture starts a new browser. Whatever else fails a
 * capture answers 502 with a code, never 500.
 */
import { describe, expect, it } from 'vitest';
import { embeddedStore } from '../../test/test-app.ts';
import {
  buildDataTestApp,
  chromiumPerFile,
  dataAppPerTest,
  launchedChromiumPids,
} from '../../test/web-data.ts';
import type { BrowserPool } from './browser-pool.ts';

const web = chromiumPerFile();

describe.each(embeddedStore)('page captures that cannot finish (%s)', (kind) => {
  const build = dataAppPerTest(kind, () => ({ webData: { browser: web.pool } }));
  const page = () => `${web.site.origin}/files/js-page.html`;

  it('loads a page whose images weigh a few MB', async () => {
    const a = await build();
    const res = await a.post(
      'scrape',
      { url: `${web.site.origin}/heavy?parts=3&bytes=1000000`, formats: ['metadata'] },
      a.leader,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().metadata.title).toBe('Heavy page');
  });

  it('stops a capture whose page loads more than 30 MB in all with 413', async () => {
    // A deadline far beyond the test's: only the byte total can end these captures.
    const a = await build({ webData: { timeoutMs: 120_000 } });
    // Four images of 9 MB, each under the 10 MB one resource may weigh; none ever finishes, so
    // all 36 MB are on their way at once.
    const heavy = `${web.site.origin}/heavy?parts=4&bytes=9000000&stall`;
    for (const call of ['scrape', 'screenshot']) {
      const res = await a.post(call, { url: heavy }, a.leader);
      expect(res.statusCode, call).toBe(413);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({
        code: 'DATA_CAPTURE_TOO_LARGE',
        message: expect.stringContaining('30 MB'),
      });
    }
    // The browser is none the worse for it.
    const next = await a.post('scrape', { url: page(), formats: ['markdown'] }, a.leader);
    expect(next.json().markdown).toContain('# Rendered by script');
  });

  it('after the browser is killed, the next capture starts a new one and succeeds', async () => {
    const a = await build();
    expect((await a.post('scrape', { url: page() }, a.leader)).statusCode).toBe(200);
    const [killed, ...others] = launchedChromiumPids();
    expect(others).toEqual([]);
    process.kill(Number(killed), 'SIGKILL');

    const res = await a.post('scrape', { url: page(), formats: ['markdown'] }, a.leader);
    expect(res.statusCode).toBe(200);
    expect(res.json().markdown).toContain('Next meeting: Tuesday at 7 pm in the church hall.');
    const now = launchedChromiumPids();
    expect(now).toHaveLength(1);
    expect(now).not.toContain(killed);
  });

  it('a capture running when the browser is killed answers 503 BROWSER_FAILED; the next works', async () => {
    // A deadline far beyond the test's: only the browser's death can end the capture.
    const a = await build({ webData: { timeoutMs: 120_000 } });
    const since = web.site.seen.length;
    const running = a.post('scrape', { url: `${web.site.origin}/slow` }, a.leader);
    // The gateway asked the site for the page: the browser is waiting for it to load.
    await web.site.waitFor('/slow', since);
    const [pid, ...others] = launchedChromiumPids();
    expect(others).toEqual([]);
    process.kill(Number(pid), 'SIGKILL');

    const res = await running;
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({
      code: 'BROWSER_FAILED',
      message: expect.stringMatching(/browser stopped/),
    });
    const shot = await a.post('screenshot', { url: page(), width: 300, height: 200 }, a.leader);
    expect(shot.statusCode).toBe(200);
    expect(shot.json().url).toMatch(/\.png$/);
  });

  it('a page whose renderer crashes fails with 503 BROWSER_FAILED; the browser goes on', async () => {
    const crashed = web.pool.withPage({ width: 200, height: 200 }, async (page, context) => {
      await page.setContent('<p>about to crash</p>');
      const devtools = await context.newCDPSession(page);
      await devtools.send('Page.crash').catch(() => {});
      return page.content();
    });
    await expect(crashed).rejects.toMatchObject({ status: 503, code: 'BROWSER_FAILED' });
    const a = await build();
    const res = await a.post('scrape', { url: page(), formats: ['markdown'] }, a.leader);
    expect(res.json().markdown).toContain('# Rendered by script');
  });
});

describe('a capture failing in a way no answer names', () => {
  it("answers 502 DATA_CAPTURE_FAILED, logged once without the page's path or query", async () => {
    // A browser failing as no page and no crash explains, its words naming the page.
    const secretPage = `${web.site.origin}/troop/Xy7secret?token=Qm4secret`;
    const browser: BrowserPool = {
      withPage: () =>
        Promise.reject(
          new Error(`page.content: Protocol error at ${secretPage}\nCall log: ${secretPage}`),
        ),
      open: 0,
      queued: 0,
      close: async () => {},
    };
    const a = await buildDataTestApp({ webData: { browser } });
    try {
      for (const call of ['scrape', 'screenshot']) {
        const res = await a.post(call, { url: secretPage }, a.leader);
        expect([res.statusCode, res.json().code], call).toEqual([502, 'DATA_CAPTURE_FAILED']);
      }
      const logged = a
        .logs()
        .split('\n')
        .filter((line) => line.includes('page capture failed'));
      expect(logged).toHaveLength(2);
      expect(logged[0]).toContain(`"host":"${new URL(secretPage).host}"`);
      expect(a.logs()).not.toMatch(/secret|unhandled error/);
    } finally {
      await a.close();
    }
  });
});
