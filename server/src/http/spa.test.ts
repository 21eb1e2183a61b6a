import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

describe('serving the SPA', () => {
  let dir: string;
  let t: TestApp;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-web-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html lang="en"><head><title>x</title></head><body><script type="module" src="/assets/app-1.js"></script></body></html>',
    );
    fs.writeFileSync(path.join(dir, 'assets', 'app-1.js'), 'console.log(1)');
  });
  afterEach(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('renders index.html with the project id as a meta tag, never an inline script', async () => {
    t = await buildTestApp({
      config: {
        webDir: dir,
        projectId: 'troop-42',
        allowedParentOrigins: ['https://council.example'],
        troopContact: 'Scoutmaster Lee <lee@troop42.example>',
        timezone: 'Europe/Berlin',
      },
    });
    for (const url of ['/', '/index.html', '/calendar']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<meta name="scout-project-id" content="troop-42">');
      expect(res.body).toContain(
        '<meta name="scout-parent-origins" content="https://council.example">',
      );
      expect(res.body).toContain(
        '<meta name="scout-troop-contact" content="Scoutmaster Lee &lt;lee@troop42.example>">',
      );
      expect(res.body).toContain('<meta name="scout-timezone" content="Europe/Berlin">');
      expect(res.body).not.toMatch(/<script>(?!<\/script>)/);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it("answers every address of the app's screens and events with the app, and unknown API paths with JSON", async () => {
    t = await buildTestApp({ config: { webDir: dir } });
    // The web app's addresses (protocol/src/app-paths.ts): a reload or a shared link lands there.
    for (const url of [
      '/profile',
      '/calendar/events/event_1_abc',
      '/calendar/events/weekly/2026-06-13',
      '/calendar/events/a%2Fb',
      '/no/such/page?x=1',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<script type="module" src="/assets/app-1.js">');
    }
    for (const url of ['/api/calendar/events/event_1_abc', '/api/nothing/here']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('serves built assets with long caching and keeps API 404s as JSON', async () => {
    t = await buildTestApp({ config: { webDir: dir } });
    const asset = await t.app.inject({ url: '/assets/app-1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await t.app.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sends the build-time brotli or gzip copy of an asset to a client that accepts it', async () => {
    const source = 'export const greeting = "Good Evening";\n'.repeat(100);
    fs.writeFileSync(path.join(dir, 'assets', 'app-2.js'), source);
    fs.writeFileSync(path.join(dir, 'assets', 'app-2.js.br'), zlib.brotliCompressSync(source));
    fs.writeFileSync(path.join(dir, 'assets', 'app-2.js.gz'), zlib.gzipSync(source));
    t = await buildTestApp({ config: { webDir: dir } });
    const br = await t.app.inject({
      url: '/assets/app-2.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(source);
    const gz = await t.app.inject({
      url: '/assets/app-2.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(source);
    const plain = await t.app.inject({ url: '/assets/app-2.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(source);
  });
});
