/**
 * The collector's body reader. It reads at most ANALYTICS_BODY_MAX_BYTES, as JSON whatever the
 * declared type (`navigator.sendBeacon` sends text/plain); past that it reads no further and
 * hands the route an OversizeBody, which is answered 200 with nothing counted, since a client
 * resends a refused batch forever (docs/decisions/030-analytics-collector.md).
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';

/** A body over the bound: none of it is kept, so its events cannot be counted. */
export class OversizeBody {}

const parseLenient = (text: string): unknown => {
  try {
    return JSON.parse(text, (key, value: unknown) => (key === '__proto__' ? undefined : value));
  } catch {
    return undefined;
  }
};

/** A Fastify content-type parser: the parsed body, undefined when not JSON, or an OversizeBody. */
export const readCappedBody =
  (limit: number) =>
  (req: FastifyRequest, payload: NodeJS.ReadableStream): Promise<unknown> =>
    new Promise((resolve, reject) => {
      // Declared too big: answered without reading a byte of it.
      if (Number(req.headers['content-length']) > limit) {
        resolve(new OversizeBody());
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      const stop = () => {
        payload.removeListener('data', onData);
        payload.removeListener('end', onEnd);
        payload.removeListener('error', onError);
      };
      function onData(chunk: Buffer | string) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        size += bytes.length;
        if (size > limit) {
          // What was read is let go and the rest stays unread: the answer closes the connection.
          stop();
          payload.pause();
          chunks.length = 0;
          resolve(new OversizeBody());
          return;
        }
        chunks.push(bytes);
      }
      function onEnd() {
        stop();
        resolve(parseLenient(Buffer.concat(chunks, size).toString('utf8')));
      }
      function onError() {
        // The sender went away mid-body: no one will read the answer.
        stop();
        reject(new ApiError('VALIDATION_ERROR', 'Malformed request body'));
      }
      payload.on('data', onData);
      payload.on('end', onEnd);
      payload.on('error', onError);
      payload.resume();
    });
