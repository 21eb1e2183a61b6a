/**
 * The one place that writes error responses. Everything leaves as JSON in both shapes clients
 * read; unknown errors become a generic 500 and are logged, never shown.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_ERROR_MESSAGES } from '@scout/protocol/errors';
import type { ErrorBody, ErrorCode } from '@scout/protocol/errors';
import { ApiError } from '../errors.ts';

/**
 * How a route answers input its schema refuses, when the general answer is not what its clients
 * read: auth routes answer with an auth code (INVALID_EMAIL), storage with the words of
 * docs/product.md section 8. Set as the route's `config.invalidInput`.
 */
export interface InvalidInputAnswer {
  code?: ErrorCode;
  /** Replaces the message naming the field. */
  message?: string;
  /**
   * Codes by the body field at fault, answered with the schema's own words, which are written
   * for people (the sign-up screen shows them): `{email: 'INVALID_EMAIL'}`.
   */
  fields?: Partial<Record<string, ErrorCode>>;
  /** The schema's own message alone, for schemas whose messages are the route's long-standing words. */
  schemaWords?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    invalidInput?: InvalidInputAnswer;
  }
}

/** A route schema refused the input: name the first field and what is wrong with it. */
function fromSchemaValidation(err: FastifyError, req: FastifyRequest): ApiError | undefined {
  const first = err.validation?.[0];
  if (!first) return undefined;
  const where = [err.validationContext, ...first.instancePath.split('/').filter(Boolean)]
    .filter(Boolean)
    .join('.');
  const answer = req.routeOptions.config.invalidInput ?? {};
  const field = err.validationContext === 'body' ? first.instancePath.split('/')[1] : undefined;
  const fieldCode = field === undefined ? undefined : answer.fields?.[field];
  if (fieldCode) return new ApiError(fieldCode, first.message ?? 'Invalid value');
  if (answer.schemaWords && first.message)
    return new ApiError(answer.code ?? 'VALIDATION_ERROR', first.message);
  return new ApiError(
    answer.code ?? 'VALIDATION_ERROR',
    answer.message ?? `Invalid ${where || 'request'}: ${first.message ?? 'invalid value'}`,
  );
}

/** Fastify's own errors for malformed requests, mapped to our codes. */
function fromFastify(err: FastifyError, req: FastifyRequest): ApiError | undefined {
  if (err.code === 'FST_ERR_VALIDATION') {
    const named = fromSchemaValidation(err, req);
    if (named) return named;
  }
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('UNSUPPORTED_MEDIA_TYPE');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_VALIDATION':
      return new ApiError('VALIDATION_ERROR', 'Malformed request body');
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new ApiError('VALIDATION_ERROR', 'Invalid content type');
    default:
      break;
  }
  if (err instanceof SyntaxError) return new ApiError('VALIDATION_ERROR', 'Malformed JSON body');
  const status = err.statusCode;
  if (status && status >= 400 && status < 500) {
    if (status === 413) return new ApiError('PAYLOAD_TOO_LARGE');
    if (status === 415) return new ApiError('UNSUPPORTED_MEDIA_TYPE');
    if (status === 404) return new ApiError('NOT_FOUND');
    return new ApiError(status === 401 ? 'UNAUTHORIZED' : 'VALIDATION_ERROR', err.message);
  }
  return undefined;
}

/** Auth endpoints are read as `{error: "text", code}`; everything else as `{error: {code, message}}`. */
export function errorBody(
  url: string,
  code: string,
  message: string,
  more: { details?: string | null; hint?: string | null } = {},
): ErrorBody {
  // Auth answers keep exactly the shape their clients read.
  if (url.startsWith('/api/auth/')) return { error: message, code, message };
  return {
    error: { code, message },
    code,
    message,
    details: more.details ?? null,
    hint: more.hint ?? null,
  };
}

export function sendError(req: FastifyRequest, reply: FastifyReply, err: ApiError) {
  for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
  return reply
    .status(err.status)
    .type('application/json; charset=utf-8')
    .send(errorBody(req.url, err.code, err.message, { details: err.details, hint: err.hint }));
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const known = error instanceof ApiError ? error : fromFastify(error, req);
    if (known) return sendError(req, reply, known);
    req.log.error({ err: error }, 'unhandled error');
    return sendError(req, reply, new ApiError('INTERNAL_ERROR', API_ERROR_MESSAGES.INTERNAL_ERROR));
  });
  app.setNotFoundHandler((req, reply) => sendError(req, reply, new ApiError('NOT_FOUND')));
}
