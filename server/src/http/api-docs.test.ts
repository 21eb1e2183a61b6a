import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify from 'fastify';
import { z } from 'zod';
import { installApiDocs } from './api-docs.ts';
import { installErrorHandling } from './error-handler.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

interface Content {
  content?: Record<string, { schema?: unknown }>;
}

interface Operation {
  requestBody?: Content;
  responses?: Record<string, Content>;
}

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/**
 * Operations that declare no JSON body or no answer schema, and why. Everything else that takes
 * a body (POST, PATCH, PUT) declares it, and every operation declares what it answers.
 */
const NOT_DECLARED: Record<string, string> = {
  'POST /api/storage/{projectId}/upload':
    'multipart: the file streams to disk only once the caller is known; storage/upload-fields.ts reads the fields',
  'POST /api/data/{projectId}/extract-from-blob': 'multipart: the file is read part by part',
  'POST /api/newsletter/{projectId}/images':
    'multipart: the image streams to disk only once the caller is known to write posts',
  'POST /api/social/{projectId}/photos':
    'multipart: the photo streams to disk only once the caller is known to post',
  'GET /api/storage/{projectId}/object/{*}': 'answers the stored file itself',
  'GET /api/calendar/{projectId}/feed/{file}': 'answers an iCalendar file',
  'GET /api/calendar/{projectId}/events/{file}': 'answers an iCalendar file',
  'GET /api/calendar/{projectId}/events/{id}/rsvps.csv': 'answers a CSV file',
  'GET /api/volunteer/{projectId}/events/{id}/slots.csv': 'answers a CSV file',
  'POST /api/calendar/{projectId}/feed-url/reset': 'takes no body: the path says it all',
  'POST /api/members/{projectId}/{userId}/{action}': 'takes no body: the path says it all',
  'POST /api/troops/{projectId}/troops/{troopProjectId}/confirm':
    'takes no body: the path says it all',
  'POST /api/troops/{projectId}/troops/{troopProjectId}/refuse':
    'takes no body: the path says it all',
  'GET /api/realtime/ws': 'a WebSocket upgrade (docs/protocol.md, Realtime)',
  'GET /api/notifications/{projectId}/unsubscribe': 'an HTML page for a link in a mail',
  'POST /api/notifications/{projectId}/unsubscribe':
    'the one-click unsubscribe of RFC 8058: an empty form, answered with a page',
  'GET /api/calendar/{projectId}/mail-answer':
    'an HTML page for an answer link in a mail: it asks, and records nothing',
  'POST /api/calendar/{projectId}/mail-answer':
    'the answer link’s button: an empty form, answered with a page',
  'GET /api/auth/callback/{provider}': 'a redirect or a page, for the browser a provider sent back',
  'POST /api/auth/callback/{provider}':
    'a redirect or a page, for the browser a provider sent back',
  'GET /api/db/{projectId}/rest/v1/rpc/{fn}': 'always 404: database functions are not offered',
  'POST /api/db/{projectId}/rest/v1/rpc/{fn}': 'always 404: database functions are not offered',
  'PATCH /api/db/{projectId}/rest/v1/rpc/{fn}': 'always 404: database functions are not offered',
  'DELETE /api/db/{projectId}/rest/v1/rpc/{fn}': 'always 404: database functions are not offered',
};

const declares = (part: Content | undefined) =>
  Object.values(part?.content ?? {}).some((media) => media.schema !== undefined);

/** Fastify writes `:param` and `*`; OpenAPI writes `{param}` and, for a wildcard, `{*}`. */
const toOpenApiPath = (url: string) =>
  url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

describe('the published API contract', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => t.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every registered API route', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(30);
    const missing = t.app.apiRoutes.filter((route) => {
      const [method, url] = route.split(' ') as [string, string];
      const path = doc.paths[toOpenApiPath(url)] ?? doc.paths[url];
      return !path || !(method.toLowerCase() in path);
    });
    expect(missing).toEqual([]);
  });

  it('declares the body and the answer of every operation, but for the few listed with a reason', () => {
    const undeclared: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        const takesBody = ['post', 'patch', 'put'].includes(method);
        const answers = Object.entries(op.responses ?? {}).some(
          ([status, answer]) => status.startsWith('2') && declares(answer),
        );
        if ((takesBody && !declares(op.requestBody)) || !answers) undeclared.push(name);
      }
    expect(undeclared.filter((name) => !(name in NOT_DECLARED))).toEqual([]);
    // An exception that no longer applies is taken off the list.
    expect(Object.keys(NOT_DECLARED).filter((name) => !undeclared.includes(name))).toEqual([]);
  });

  it('serves a readable reference from the server itself, with no outside address', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    const html =
      page.statusCode === 302
        ? (await t.app.inject({ url: String(page.headers.location) })).body
        : page.body;
    expect(html).toContain('swagger-ui');
    expect(html).not.toMatch(/(src|href)="https?:\/\//);
    const script = await t.app.inject({ url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
  });
});

describe('input refused by a route schema', () => {
  it('answers 400 JSON naming the field', async () => {
    // A route registered the way every route declares its input.
    const app = Fastify();
    try {
      installErrorHandling(app);
      await installApiDocs(app, { version: 'test', publicUrl: 'http://localhost' });
      app.post(
        '/api/test/events',
        { schema: { body: z.object({ eventName: z.string().min(1), eventDate: z.iso.date() }) } },
        async () => ({ ok: true }),
      );
      const bad = await app.inject({
        method: 'POST',
        url: '/api/test/events',
        payload: { eventName: 'Campout', eventDate: '2026-02-30x' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(bad.json().message).toContain('body.eventDate');
      const good = await app.inject({
        method: 'POST',
        url: '/api/test/events',
        payload: { eventName: 'Campout', eventDate: '2026-02-28' },
      });
      expect(good.json()).toEqual({ ok: true });
    } finally {
      await app.close();
    }
  });
});
