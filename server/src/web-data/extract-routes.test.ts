import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_EXTRACT_MAX_BYTES } from '@scout/protocol/limits';
import { bearer } from '../../test/auth.ts';
import { embeddedStore } from '../../test/test-app.ts';
import { dataAppPerTest, fixtureSitePerFile, type DataTestApp } from '../../test/web-data.ts';
import { FIXTURE_DIR } from '../../test/web-fixtures.ts';

const web = fixtureSitePerFile();

async function form(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string }) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (file) body.append('file', new Blob([file.bytes]), file.name);
  const req = new Request('http://localhost/', { method: 'POST', body });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') ?? '' },
  };
}

const fixture = (name: string) => ({
  bytes: fs.readFileSync(path.join(FIXTURE_DIR, name)),
  name,
});

describe.each(embeddedStore)('extract-from-url and extract-from-blob (%s)', (kind) => {
  const build = dataAppPerTest(kind);
  const blob = (
    a: DataTestApp,
    body: { payload: Buffer | string; headers: Record<string, string> },
    token = a.leader,
  ) =>
    a.app.inject({
      method: 'POST',
      url: `/api/data/${a.deps.config.projectId}/extract-from-blob`,
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    });

  it.each([
    ['packing-list.pdf', 'Camp Packing List\nSleeping bag rated to 20F.'],
    ['permission-slip.docx', 'Permission Slip\n\nTroop 12 will hike Bear Mountain'],
    ['council-page.html', 'Spring Camporee 2026\n\nThe Spring Camporee takes place'],
    ['roster.csv', 'name,patrol,rank\nAda Lovelace'],
    ['gear.json', '{\n  "event": "Spring Camporee"'],
    ['notes.txt', 'Meeting notes.'],
  ])('extracts the text of %s from a URL', async (name, start) => {
    const a = await build();
    const res = await a.post(
      'extract-from-url',
      { url: `${web.site.origin}/files/${name}` },
      a.leader,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().text.startsWith(start)).toBe(true);
  });

  it('reads the type from the bytes, whatever the site declares', async () => {
    const a = await build();
    const res = await a.post(
      'extract-from-url',
      { url: `${web.site.origin}/files/packing-list.pdf?type=text/html` },
      a.leader,
    );
    expect(res.json().text).toContain('Headlamp with spare batteries.');
  });

  it('answers chunks when chunking, each within chunkSize', async () => {
    const a = await build();
    const res = await a.post(
      'extract-from-url',
      { url: `${web.site.origin}/files/council-page.html`, chunking: true, chunkSize: 150 },
      a.leader,
    );
    const { chunks } = res.json<{ chunks: string[] }>();
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks[0]).toBe('Spring Camporee 2026');
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(150);
  });

  it('refuses private and link-local URLs, and answers 4xx/5xx JSON for bad input and bad sites', async () => {
    const a = await build({ allow: [] });
    const refused = await a.post('extract-from-url', { url: 'http://metadata.test/' }, a.leader);
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'DATA_URL_REFUSED']);
    const local = await a.post(
      'extract-from-url',
      { url: `${web.site.origin}/files/notes.txt` },
      a.leader,
    );
    expect(local.json().code).toBe('DATA_URL_REFUSED');
    for (const payload of [{}, { url: 'x', chunkSize: 5 }, { url: 'x', chunking: 'maybe' }]) {
      const res = await a.post('extract-from-url', payload, a.leader);
      expect(res.statusCode).toBe(400);
    }
    expect(a.net.connections).toEqual([]);
  });

  it('answers a missing page 502 and an image 415', async () => {
    const a = await build();
    const missing = await a.post(
      'extract-from-url',
      { url: `${web.site.origin}/nothing` },
      a.leader,
    );
    expect([missing.statusCode, missing.json().code]).toEqual([502, 'DATA_TARGET_UNREACHABLE']);
    const image = await a.post(
      'extract-from-url',
      { url: `${web.site.origin}/pixel.png` },
      a.leader,
    );
    expect([image.statusCode, image.json().code]).toEqual([415, 'DATA_UNSUPPORTED_FILE']);
  });

  it.each(['packing-list.pdf', 'permission-slip.docx', 'roster.csv'])(
    'extracts the text of an uploaded %s',
    async (name) => {
      const a = await build();
      const res = await blob(a, await form({}, fixture(name)));
      expect(res.statusCode).toBe(200);
      expect(res.json().text.length).toBeGreaterThan(20);
    },
  );

  it('chunks an upload when asked in the form fields', async () => {
    const a = await build();
    const res = await blob(
      a,
      await form({ chunking: 'true', chunkSize: '100' }, fixture('council-page.html')),
    );
    expect(res.json().chunks.length).toBeGreaterThan(3);
  });

  it('answers the JSON text "{}" and a form without a file 400 DATA_FILE_REQUIRED', async () => {
    const a = await build();
    const asJson = await blob(a, {
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(asJson.statusCode).toBe(400);
    expect(asJson.json()).toMatchObject({ code: 'DATA_FILE_REQUIRED' });
    const noFile = await blob(a, await form({ chunking: 'true' }));
    expect(noFile.json().code).toBe('DATA_FILE_REQUIRED');
    const empty = await blob(a, await form({}, { bytes: new Uint8Array(), name: 'empty.txt' }));
    expect(empty.json().code).toBe('DATA_FILE_REQUIRED');
  });

  it('answers malformed multipart, bad fields, hostile and oversized files with 4xx JSON', async () => {
    const a = await build();
    const cases = [
      { payload: 'no boundary', headers: { 'content-type': 'multipart/form-data' } },
      {
        payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\ncut sho',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      },
      await form({ chunkSize: 'lots' }, fixture('notes.txt')),
      await form({}, { bytes: fixture('packing-list.pdf').bytes.subarray(0, 200), name: 'x.pdf' }),
      await form({}, { bytes: new Uint8Array(DATA_EXTRACT_MAX_BYTES + 1), name: 'big.txt' }),
    ];
    const answers = [];
    for (const c of cases) {
      const res = await blob(a, c);
      expect(res.headers['content-type']).toContain('application/json');
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([400, 400, 400, 415, 413]);
  });

  it('needs data.use', async () => {
    const a = await build();
    const res = await blob(a, await form({}, fixture('notes.txt')), a.member);
    expect(res.statusCode).toBe(403);
  });
});
