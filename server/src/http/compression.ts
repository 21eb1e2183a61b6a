/**
 * Compresses text answers (JSON, CSV, iCalendar, HTML) of at least 1 KB with brotli or gzip, as
 * the client's Accept-Encoding allows. Built files of the web app are compressed at build time
 * and served as they are (http/spa.ts); this covers what the server writes per request.
 *
 * Streams (file downloads, event streams) pass untouched: a stream may be long-lived or carry
 * byte ranges, and compressing it would buffer what a client waits for.
 */
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Below this a compressed answer saves too little to pay for the work. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** Above this the work goes to the thread pool, so one big answer does not stall the others. */
const SYNC_LIMIT_BYTES = 64 * 1024;

const COMPRESSIBLE =
  /^(application\/(json|[\w.+-]+\+json|vnd\.pgrst\.[\w.+-]+|javascript|xml)|text\/(?!event-stream)[\w.+-]+|image\/svg\+xml)\s*(;|$)/i;

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

// Quality 5 keeps brotli close to gzip's speed with a smaller result; built files use 11.
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

type Encoding = 'br' | 'gzip';

/** The preferred encoding the client accepts (q=0 refuses), brotli before gzip on a tie. */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const weight = (e: Encoding) => q.get(e) ?? (q.has('*') ? (q.get('*') ?? 0) : 0);
  const br = weight('br');
  const gzip = weight('gzip');
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? 'br' : 'gzip';
}

async function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (body.length <= SYNC_LIMIT_BYTES) {
    return encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI) : zlib.gzipSync(body);
  }
  return encoding === 'br' ? brotliAsync(body, BROTLI) : gzipAsync(body);
}

export function installCompression(app: FastifyInstance): void {
  // A callback hook: most answers pass untouched, and need no promise to do so.
  app.addHook('onSend', (req: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    const body = compressible(req, reply, payload);
    if (!body) return done(null, payload);
    // Whatever the outcome, caches must keep one copy per encoding.
    reply.header('vary', mergeVary(reply.getHeader('vary')));
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    compress(typeof body === 'string' ? Buffer.from(body) : body, encoding).then(
      (out) => {
        reply.header('content-encoding', encoding);
        reply.header('content-length', out.length);
        done(null, out);
      },
      (err: Error) => done(err),
    );
  });
}

/** The payload when it is text of a type worth compressing and large enough. */
function compressible(
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): string | Buffer | undefined {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return undefined;
  if (req.method === 'HEAD' || reply.getHeader('content-encoding')) return undefined;
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (size < COMPRESSION_THRESHOLD_BYTES) return undefined;
  return COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? '')) ? payload : undefined;
}

function mergeVary(existing: unknown): string {
  const values = String(existing ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (!values.some((v) => v.toLowerCase() === 'accept-encoding' || v === '*'))
    values.push('Accept-Encoding');
  return values.join(', ');
}
