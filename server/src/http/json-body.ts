import type { FastifyInstance } from 'fastify';
import { JSON_BODY_MAX_BYTES } from '@scout/protocol/limits';
import { ApiError } from '../errors.ts';

const dropProto = (key: string, value: unknown) => (key === '__proto__' ? undefined : value);

/** No body of the protocol nests so deep; code that walks a value recursively would overflow. */
export const JSON_BODY_MAX_DEPTH = 512;

/** Whether `{` and `[` outside strings nest deeper than JSON_BODY_MAX_DEPTH. */
function nestsTooDeep(text: string): boolean {
  if (text.length <= JSON_BODY_MAX_DEPTH) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > JSON_BODY_MAX_DEPTH) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/**
 * Whether a body could hold a `__proto__` key, written plainly or with escapes (`\u005f`). Most
 * bodies cannot, and they are parsed without a reviver, which costs several times the parse.
 */
const mayNameProto = (text: string) => text.includes('proto') || text.includes('\\u');

/**
 * JSON bodies. Existing clients send `Content-Type: application/json` with no body on GET,
 * DELETE and some POSTs: an empty body is "no body", not an error (docs/protocol.md, Common to every call). A body
 * with `__proto__` keys is parsed as plain data, never onto prototypes.
 */
export function installJsonBody(app: FastifyInstance) {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    /^application\/([\w.+-]+\+)?json/i,
    { parseAs: 'string', bodyLimit: JSON_BODY_MAX_BYTES },
    (_req, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      if (nestsTooDeep(text))
        return done(
          new ApiError('VALIDATION_ERROR', `JSON nested deeper than ${JSON_BODY_MAX_DEPTH} levels`),
          undefined,
        );
      try {
        done(null, mayNameProto(text) ? JSON.parse(text, dropProto) : JSON.parse(text));
      } catch {
        done(new ApiError('VALIDATION_ERROR', 'Malformed JSON body'), undefined);
      }
    },
  );
  // Plain text and form bodies are not part of the protocol; accept and ignore them so the
  // route answers a clear 400 for the missing fields rather than a 415 surprise.
  app.addContentTypeParser(
    ['text/plain', 'application/x-www-form-urlencoded'],
    { parseAs: 'string', bodyLimit: JSON_BODY_MAX_BYTES },
    (_req, _body, done) => done(null, undefined),
  );
}
