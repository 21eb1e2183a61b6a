/** Helpers for the storage API tests: callers, multipart bodies the way browsers build them. */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { signAccessToken } from '../src/auth/tokens.ts';
import { oneServiceKey } from './service-keys.ts';
import { ensureTestAccount, type TestApp } from './test-app.ts';

export const SERVICE_KEY = 'sk_test_storage';
export const serviceKeys = oneServiceKey(SERVICE_KEY);

export async function bearer(t: TestApp, userId: string, role = 'user'): Promise<string> {
  await ensureTestAccount(t.deps.store, userId, role, `${userId}@example.org`);
  const token = await signAccessToken(
    t.deps.jwtSecret,
    { sub: userId, role, pid: t.deps.config.projectId, email: `${userId}@example.org` },
    t.clock.now(),
  );
  return `Bearer ${token}`;
}

export interface UploadInput {
  path?: string;
  data?: Uint8Array | string;
  options?: string;
  filename?: string;
  /** Extra multipart fields or files, appended after the usual ones. */
  extra?: (form: FormData) => void;
}

/** A multipart body encoded by the platform's own FormData, as the SDK and browsers send it. */
export async function multipart(
  input: UploadInput,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  if (input.data !== undefined)
    form.append('file', new Blob([input.data]), input.filename ?? 'blob');
  if (input.path !== undefined) form.append('path', input.path);
  if (input.options !== undefined) form.append('options', input.options);
  input.extra?.(form);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') ?? '' },
  };
}

/** The calls below go to the first troop unless given another troop's project id. */
export async function upload(
  t: TestApp,
  auth: string | undefined,
  input: UploadInput,
  projectId = t.deps.config.projectId,
) {
  const { payload, headers } = await multipart(input);
  return t.app.inject({
    method: 'POST',
    url: `/api/storage/${projectId}/upload`,
    headers: { ...headers, ...(auth ? { authorization: auth } : {}) },
    payload,
  });
}

/** Fetches a public URL the way an <img> tag would: no Authorization header. */
export function fetchPublic(t: TestApp, publicUrl: string, headers: Record<string, string> = {}) {
  const url = new URL(publicUrl);
  return t.app.inject({ method: 'GET', url: url.pathname + url.search, headers });
}

export function remove(
  t: TestApp,
  auth: string | undefined,
  paths: unknown,
  projectId = t.deps.config.projectId,
) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/storage/${projectId}/remove`,
    headers: { ...(auth ? { authorization: auth } : {}), 'content-type': 'application/json' },
    payload: JSON.stringify({ paths }),
  });
}

export function download(
  t: TestApp,
  auth: string | undefined,
  query: Record<string, string>,
  projectId = t.deps.config.projectId,
) {
  return t.app.inject({
    method: 'GET',
    url: `/api/storage/${projectId}/download?${new URLSearchParams(query)}`,
    headers: auth ? { authorization: auth } : {},
  });
}

/** Every regular file under the app's file-store folder (objects and temporary files alike). */
export function filesOnDisk(t: TestApp): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(path.relative(t.filesDir, full));
    }
  };
  walk(t.filesDir);
  return out.sort();
}

export async function fileRows(t: TestApp): Promise<{ path: string; owner_id: string | null }[]> {
  const { rows } = await t.deps.store.query<{ path: string; owner_id: string | null }>(
    'SELECT path, owner_id FROM files ORDER BY path',
  );
  return rows;
}

export const png = (width = 8, height = 8) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();

export const HTML_PAGE =
  '<!doctype html><html><body><script>fetch("/api/auth/me")</script></body></html>';
export const SVG_WITH_SCRIPT =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.domain)</script><rect width="10" height="10"/></svg>';

/** The error message clients show, from the `{error: {code, message}}` body. */
export const messageOf = (res: { json(): unknown }) =>
  (res.json() as { error: { message: string } }).error.message;
