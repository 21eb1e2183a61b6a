import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, embeddedStore, type TestApp } from '../../test/test-app.ts';
import {
  HTML_PAGE,
  SVG_WITH_SCRIPT,
  bearer,
  fetchPublic,
  png,
  upload,
} from '../../test/storage.ts';

const SANDBOX_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
const MINIMAL_PDF =
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

describe.each(embeddedStore)('serving stored files (%s)', (kind) => {
  let t: TestApp;
  let alice: string;
  beforeEach(async () => {
    t = await buildTestApp({ store: kind });
    alice = await bearer(t, 'alice');
  });
  afterEach(async () => t.close());

  const store = async (path: string, data: Uint8Array | string) => {
    const res = await upload(t, alice, { path, data });
    expect(res.statusCode).toBe(200);
    return fetchPublic(t, res.json().publicUrl);
  };

  it('serves an HTML page named .png as a download, never as a page, with nosniff', async () => {
    const res = await store('users/alice/x.png', HTML_PAGE);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="x.png"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(SANDBOX_CSP);
    expect(res.body).toBe(HTML_PAGE);
  });

  it('serves an SVG carrying a script as a download with the sandboxing policy', async () => {
    const res = await store('users/alice/logo.svg', SVG_WITH_SCRIPT);
    expect(res.headers['content-type']).not.toContain('svg');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['content-security-policy']).toBe(SANDBOX_CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    ['png', () => png(), 'image/png'],
    [
      'jpeg',
      () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: 'white' } })
          .jpeg()
          .toBuffer(),
      'image/jpeg',
    ],
    [
      'gif',
      () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: 'white' } })
          .gif()
          .toBuffer(),
      'image/gif',
    ],
    [
      'webp',
      () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: 'white' } })
          .webp()
          .toBuffer(),
      'image/webp',
    ],
    ['pdf', async () => Buffer.from(MINIMAL_PDF), 'application/pdf'],
    ['txt', async () => Buffer.from('Bring a flashlight.\n'), 'text/plain; charset=utf-8'],
  ])('shows a %s file inline with its real type, whatever its name', async (_name, make, type) => {
    const bytes = await make();
    const res = await store('users/alice/file.bin', bytes);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="file.bin"/);
    expect(res.headers['content-security-policy']).toBe(SANDBOX_CSP);
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('downloads anything else, e.g. a zip archive or bytes of no known kind', async () => {
    const zip = Buffer.from(
      '504b0304140000000000000000000000000000000000000000000000000000',
      'hex',
    );
    expect((await store('users/alice/a.zip', zip)).headers['content-disposition']).toMatch(
      /^attachment;/,
    );
    const binary = Buffer.from([0, 1, 2, 3, 255, 254]);
    const res = await store('users/alice/blob', binary);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('lets a cache revalidate: the same file answers 304 to its ETag', async () => {
    const first = await store('users/alice/a.txt', 'same');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await fetchPublic(
      t,
      `${t.deps.config.publicUrl}/api/storage/${t.deps.config.projectId}/object/users/alice/a.txt`,
      {
        'if-none-match': etag,
      },
    );
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers HEAD with the headers and no body', async () => {
    await store('users/alice/a.txt', 'twelve bytes');
    const res = await t.app.inject({
      method: 'HEAD',
      url: `/api/storage/${t.deps.config.projectId}/object/users/alice/a.txt`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe('12');
    expect(res.body).toBe('');
  });

  it('never serves anything outside the store for a traversing public URL', async () => {
    await store('users/alice/a.txt', 'x');
    const encoded = await t.app.inject({
      method: 'GET',
      url: `/api/storage/${t.deps.config.projectId}/object/..%2f..%2fetc%2fpasswd`,
    });
    expect(encoded.statusCode).toBe(400);
    // Dot segments, plain or as %2e, are resolved by the URL parser before routing: they end
    // outside the file (404), never above the store's folder.
    for (const tail of [
      'users/alice/../../../etc/passwd',
      '%2e%2e/%2e%2e/x',
      'users/alice/%2e%2e/a.txt',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/storage/${t.deps.config.projectId}/object/${tail}`,
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    }
  });
});
