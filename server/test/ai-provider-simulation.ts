/**
 * A simulation of an OpenAI-compatible model service, for tests: no model can run here, so this
 * in-process server on loopback speaks the same wire protocol as OpenAI, Ollama, vLLM and
 * LM Studio (chat completions, streamed with usage, JSON-schema output, images, speech and
 * transcription). `src/ai/provider-simulation.test.ts` drives it with the official `openai`
 * client to keep it honest, and the opt-in suite there runs the same checks against a real
 * provider (docs/operations.md, AI gateway).
 *
 * Answers are deterministic: a chat reply is "Echo: " and the last user text, split in chunks
 * of a few characters; a JSON-schema request gets the smallest value that fits its schema.
 * `next(...)` scripts the next request's fate: an error status, a stream cut midway, a reply of
 * your choice, or a call that hangs until the client goes away.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The smallest valid PNG (1x1), what an image request gets back. */
export const SIMULATED_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** What a speech request gets back: the start of an MP3 frame, enough for a content check. */
export const SIMULATED_MP3 = Buffer.from([0xff, 0xfb, 0x90, 0x64, ...new Array(60).fill(0)]);

export type SimulatedFate =
  | { kind: 'error'; status: number; message?: string; retryAfter?: number }
  | { kind: 'reply'; text: string }
  | { kind: 'json'; content: string }
  /** Streams `chunks` pieces of the reply, then drops the connection without finishing. */
  | { kind: 'cut'; chunks: number }
  /** Answers nothing until the client goes away. */
  | { kind: 'hang' }
  /** Answers an image request with links to the images (as DALL·E does) instead of base64. */
  | { kind: 'image-links'; link?: string }
  /** Streams `chunks` pieces of the reply, then waits, never finishing, until the client goes away. */
  | { kind: 'stall'; chunks: number };

export interface SimulatedRequest {
  path: string;
  body: Record<string, unknown>;
  /** Multipart fields (name -> text, or the file's name and size). */
  form?: Record<string, string | { name: string; size: number }>;
}

export interface ProviderSimulation {
  /** Base URL as clients take it (`http://127.0.0.1:PORT/v1`). */
  baseUrl: string;
  apiKey: string;
  requests: SimulatedRequest[];
  /** Calls whose client went away before the answer ended. */
  aborted: number;
  next(fate: SimulatedFate): void;
  close(): Promise<void>;
}

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

/** The smallest value a JSON Schema accepts, for the kinds of schema clients send. */
export function sampleFor(schema: unknown): unknown {
  const s = (schema ?? {}) as Record<string, unknown>;
  if (Array.isArray(s.enum)) return s.enum[0];
  if ('const' in s) return s.const;
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, sampleFor(v)]));
    }
    case 'array':
      return [sampleFor(s.items)];
    case 'string':
      return 'sample';
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 1;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

function lastUserText(body: Record<string, unknown>): string {
  const messages = (body.messages ?? []) as { role: string; content: unknown }[];
  const last = [...messages].reverse().find((m) => m.role === 'user');
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  return (last.content as { type: string; text?: string }[])
    .filter((p) => p.type === 'text')
    .map((p) => p.text)
    .join(' ');
}

function chatContent(body: Record<string, unknown>, fate: SimulatedFate | undefined): string {
  if (fate?.kind === 'reply') return fate.text;
  if (fate?.kind === 'json') return fate.content;
  const format = body.response_format as
    { type: string; json_schema?: { schema?: unknown } } | undefined;
  if (format?.type === 'json_schema') return JSON.stringify(sampleFor(format.json_schema?.schema));
  if (format?.type === 'json_object') return '{}';
  return `Echo: ${lastUserText(body)}`;
}

const pieces = (text: string) => text.match(/[\s\S]{1,6}/g) ?? [];

export async function startProviderSimulation(
  opts: { apiKey?: string } = {},
): Promise<ProviderSimulation> {
  const apiKey = opts.apiKey ?? 'sk-simulated';
  const fates: SimulatedFate[] = [];
  const sim = { requests: [] as SimulatedRequest[], aborted: 0 };
  const cut = new WeakSet<http.ServerResponse>();

  const send = (res: http.ServerResponse, status: number, body: unknown, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const fail = (res: http.ServerResponse, status: number, message: string, more = {}) =>
    send(res, status, { error: { message, type: 'simulated_error', code: null } }, more);

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const path = (req.url ?? '').replace(/\?.*$/, '');
    const type = req.headers['content-type'] ?? '';
    let body: Record<string, unknown> = {};
    let form: SimulatedRequest['form'];
    let file: Buffer | undefined;
    if (type.startsWith('multipart/form-data')) {
      const parsed = await new Response(raw, { headers: { 'content-type': type } }).formData();
      form = {};
      const fields: [string, string | File][] = [];
      parsed.forEach((v, k) => fields.push([k, v]));
      for (const [k, v] of fields) {
        if (typeof v === 'string') form[k] = v;
        else {
          form[k] = { name: v.name, size: v.size };
          file = Buffer.from(await v.arrayBuffer());
        }
      }
    } else if (raw.length) body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    sim.requests.push({ path, body, ...(form ? { form } : {}) });

    // Image links are fetched without the key, as from a provider's file storage.
    if (path === '/files/simulated.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(SIMULATED_PNG);
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`)
      return send(res, 401, {
        error: {
          message: 'Incorrect API key provided',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      });
    const fate = fates.shift();
    if (fate?.kind === 'error')
      return fail(
        res,
        fate.status,
        fate.message ?? `Simulated ${fate.status}`,
        fate.retryAfter ? { 'retry-after': String(fate.retryAfter) } : {},
      );
    if (fate?.kind === 'hang') return;

    const created = Math.floor(Date.now() / 1000);
    if (path === '/v1/chat/completions') {
      const model = String(body.model ?? 'simulated');
      const content = chatContent(body, fate);
      const usage = {
        prompt_tokens: words(lastUserText(body)) + 3,
        completion_tokens: words(content) + 1,
        total_tokens: words(lastUserText(body)) + words(content) + 4,
      };
      const id = `chatcmpl-sim${sim.requests.length}`;
      if (!body.stream)
        return send(res, 200, {
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content },
              finish_reason: 'stop',
              logprobs: null,
            },
          ],
          usage,
        });
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (delta: object, finish: string | null, extra = {}) =>
        res.write(
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`,
        );
      chunk({ role: 'assistant', content: '' }, null);
      const parts = pieces(content);
      for (const [i, p] of parts.entries()) {
        if (fate?.kind === 'stall' && i >= fate.chunks) return;
        if (fate?.kind === 'cut' && i >= fate.chunks) {
          cut.add(res);
          // Let the chunks already written reach the client, then drop the connection.
          await new Promise((resolve) => setTimeout(resolve, 50));
          return res.destroy();
        }
        chunk({ content: p }, null);
      }
      chunk({}, 'stop');
      const options = body.stream_options as { include_usage?: boolean } | undefined;
      if (options?.include_usage)
        res.write(
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`,
        );
      res.end('data: [DONE]\n\n');
      return;
    }
    if (path === '/v1/images/generations' || path === '/v1/images/edits') {
      const n = Number(body.n ?? form?.n ?? 1);
      const b64 = SIMULATED_PNG.toString('base64');
      const link =
        (fate?.kind === 'image-links' ? fate.link : undefined) ??
        `http://${req.headers.host}/files/simulated.png`;
      return send(res, 200, {
        created,
        data: Array.from({ length: n }, () =>
          fate?.kind === 'image-links' ? { url: link } : { b64_json: b64 },
        ),
      });
    }

    if (path === '/v1/audio/speech') {
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      return res.end(SIMULATED_MP3);
    }
    if (path === '/v1/audio/transcriptions') {
      const text = `Simulated transcript of ${file?.length ?? 0} bytes`;
      if (form?.response_format === 'verbose_json')
        return send(res, 200, {
          task: 'transcribe',
          language: String(form.language ?? 'english'),
          duration: 1.5,
          text,
          segments: [{ id: 0, start: 0, end: 1.5, text }],
        });
      return send(res, 200, { text, usage: { type: 'duration', seconds: 2 } });
    }
    return fail(res, 404, `No route ${path}`);
  }

  const server = http.createServer((req, res) => {
    res.on('close', () => {
      if (!res.writableFinished && !cut.has(res)) sim.aborted++;
    });
    handle(req, res).catch((err: Error) => {
      if (!res.headersSent) fail(res, 500, err.message);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    get requests() {
      return sim.requests;
    },
    get aborted() {
      return sim.aborted;
    },
    next: (fate) => void fates.push(fate),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
