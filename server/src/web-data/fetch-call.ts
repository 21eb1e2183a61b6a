/**
 * `fetch`: one HTTP request to another site on a member's behalf, answered as data
 * (docs/protocol.md, Web data). The target's own status travels inside a 200 answer
 * `{status, headers, body, durationMs}`; only a request the server will not or cannot make is an
 * error answer. `{{NAME}}` placeholders are filled with secrets bound to the target's host.
 */
import type { FastifyBaseLogger } from 'fastify';
import { DATA_FETCH_MAX_BYTES } from '@scout/protocol/limits';
import { z } from 'zod';
import { outboundApiError, type WebDataContext } from './web-data-context.ts';
import { parseTarget, type OutboundRequest } from './outbound-client.ts';
import { fillSecrets, redact, secretBoundTo, secretsFor } from './secrets.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
const headerName = z
  .string()
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'not a header name')
  .max(200);

export const fetchRequest = z.object({
  url: z.string().max(8192),
  method: z
    .string()
    .transform((m) => m.toUpperCase())
    .pipe(z.enum(METHODS))
    .optional(),
  headers: z
    .record(
      headerName,
      z
        .string()
        .max(8192)
        .regex(/^[^\r\n]*$/, 'no line breaks'),
    )
    .optional(),
  body: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
  query: z.record(z.string().max(1000), z.union([z.string(), z.number(), z.boolean()])).optional(),
  async: z.boolean().optional(),
});
export type FetchRequest = z.output<typeof fetchRequest>;

export const fetchAnswer = z.union([
  z.object({
    status: z.number(),
    headers: z.record(z.string(), z.string()),
    body: z.unknown(),
    durationMs: z.number(),
  }),
  z.object({ status: z.literal('triggered'), message: z.string() }),
]);

/** The request as it will be sent: query added, body serialised, secrets checked and filled. */
function prepare(ctx: WebDataContext, input: FetchRequest): OutboundRequest {
  const url = parseTarget(input.url);
  for (const [k, v] of Object.entries(input.query ?? {})) url.searchParams.append(k, String(v));
  const headers: Record<string, string> = { ...input.headers };
  let body: string | undefined;
  if (typeof input.body === 'string') body = input.body;
  else if (input.body !== undefined && input.body !== null) {
    body = JSON.stringify(input.body);
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
      headers['content-type'] = 'application/json';
  }
  // URL parsing percent-encodes the braces of a placeholder; they are read back as typed.
  const href = url.href.replace(/%7B%7B([A-Za-z0-9_]+)%7D%7D/gi, '{{$1}}');
  const texts = [href, ...Object.values(headers), body ?? ''];
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const used = secretsFor(ctx.secrets, texts, host);
  const filledHeaders = Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [k, fillSecrets(v, used)]),
  );
  return {
    url: used.length ? fillSecrets(href, used, encodeURIComponent) : url.href,
    method: input.method ?? 'GET',
    headers: filledHeaders,
    ...(body !== undefined ? { body: fillSecrets(body, used) } : {}),
    maxBytes: DATA_FETCH_MAX_BYTES,
    timeoutMs: ctx.timeoutMs,
    // A redirect is followed only where every secret used may go too; otherwise it is answered.
    mayFollow: (_from, to) => used.every((s) => secretBoundTo(s, to.hostname)),
  };
}

function readBody(
  headers: Record<string, string>,
  bytes: Buffer,
  secrets: WebDataContext['secrets'],
) {
  const text = redact(bytes.toString('utf8'), secrets);
  if (/\bjson\b/i.test(headers['content-type'] ?? '')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export async function runFetch(ctx: WebDataContext, input: FetchRequest, log: FastifyBaseLogger) {
  let request: OutboundRequest;
  try {
    request = prepare(ctx, input);
    // A target the policy refuses is refused now, not silently later (the request judges again).
    if (input.async) await ctx.client.check(request.url);
  } catch (err) {
    throw outboundApiError(err);
  }
  if (input.async) {
    // Logged with the URL as the member typed it: placeholders, never values.
    const typed = input.url;
    void ctx.client.request(request).then(
      (res) => log.info({ url: typed, status: res.status }, 'triggered fetch answered'),
      (err: Error) => log.info({ url: typed, reason: err.message }, 'triggered fetch failed'),
    );
    return { status: 'triggered' as const, message: 'Request triggered' };
  }
  const started = performance.now();
  try {
    const res = await ctx.client.request(request);
    const headers = Object.fromEntries(
      Object.entries(res.headers).map(([k, v]) => [k, redact(v, ctx.secrets)]),
    );
    return {
      status: res.status,
      headers,
      body: readBody(res.headers, res.body, ctx.secrets),
      durationMs: Math.round(performance.now() - started),
    };
  } catch (err) {
    throw outboundApiError(err);
  }
}
