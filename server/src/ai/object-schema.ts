/**
 * The JSON Schema an `/object` answer must fit, checked with ajv (a maintained validator).
 * Providers' structured output wants an object at the root, so an array or enum output is
 * asked for wrapped (`{elements: [...]}`, `{result: "..."}`) and unwrapped here, as existing
 * clients of this protocol do. Without a schema an object output is any JSON object (the
 * provider's JSON mode) and an array output an array of anything. A client's schema that does
 * not compile is a 400; a model answer that does not fit is AI_OUTPUT_INVALID, never a result.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { AI_SCHEMA_MAX_BYTES } from '@scout/protocol/limits';
import { ApiError } from '../errors.ts';
import type { ObjectRequest } from './text-schemas.ts';

export type ResponseFormat =
  | { type: 'json_object' }
  | {
      type: 'json_schema';
      json_schema: { name: string; schema: Record<string, unknown>; strict: false };
    };

export interface ObjectShape {
  /** Sent to the provider as its response format. */
  responseFormat: ResponseFormat;
  /** The answer the client gets from the provider's JSON. */
  unwrap(value: unknown): unknown;
  /** Checks an unwrapped answer; throws AI_OUTPUT_INVALID. */
  check(value: unknown): void;
}

// `strict: false`: clients send schemas written for other validators (with `title`,
// `format`s ajv does not know); only what it checks matters here.
const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: true });

function compile(schema: Record<string, unknown>): ValidateFunction {
  if (JSON.stringify(schema).length > AI_SCHEMA_MAX_BYTES)
    throw new ApiError(
      'VALIDATION_ERROR',
      `The schema is too large (at most ${AI_SCHEMA_MAX_BYTES} bytes)`,
    );
  // The draft named by `$schema` (zod emits 2020-12) is read with ajv's default draft: the
  // keywords structured output uses mean the same in both.
  const { $schema: _ignored, ...rest } = schema;
  try {
    return ajv.compile(rest);
  } catch {
    throw new ApiError('VALIDATION_ERROR', 'The schema is not a valid JSON Schema');
  } finally {
    // Compiled schemas are cached by object; each request's is new, so forget it.
    ajv.removeSchema(rest);
  }
}

export function outputInvalid(reason: string): ApiError {
  return new ApiError('AI_OUTPUT_INVALID', undefined, { details: reason });
}

const asSchema = (schema: Record<string, unknown>): ResponseFormat => ({
  type: 'json_schema',
  json_schema: { name: 'response', schema, strict: false },
});

const isPlainObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

function checker(validate: ValidateFunction | undefined) {
  return (value: unknown) => {
    if (!validate || validate(value)) return;
    const first = validate.errors?.[0];
    throw outputInvalid(`${first?.instancePath || '/'} ${first?.message ?? 'does not fit'}`);
  };
}

export function objectShape(body: ObjectRequest): ObjectShape {
  const output = body.output ?? 'object';
  if (output === 'enum') {
    const values = body.enum ?? [];
    return {
      responseFormat: asSchema({
        type: 'object',
        properties: { result: { type: 'string', enum: values } },
        required: ['result'],
        additionalProperties: false,
      }),
      unwrap: (v) => (v as { result?: unknown } | null)?.result,
      check: (v) => {
        if (typeof v !== 'string' || !values.includes(v))
          throw outputInvalid('/ must be one of the enum values');
      },
    };
  }
  const schema = body.schema;
  const validate = schema && compile(schema);
  if (output === 'array') {
    return {
      responseFormat: asSchema({
        type: 'object',
        properties: { elements: schema ? { type: 'array', items: schema } : { type: 'array' } },
        required: ['elements'],
        additionalProperties: false,
      }),
      unwrap: (v) => (v as { elements?: unknown } | null)?.elements,
      check: (v) => {
        if (!Array.isArray(v)) throw outputInvalid('/ must be an array');
        v.forEach(checker(validate));
      },
    };
  }
  if (!schema)
    return {
      responseFormat: { type: 'json_object' },
      unwrap: (v) => v,
      check: (v) => {
        if (!isPlainObject(v)) throw outputInvalid('/ must be an object');
      },
    };
  return { responseFormat: asSchema(schema), unwrap: (v) => v, check: checker(validate) };
}

/** The provider's whole answer as the client's value; throws AI_OUTPUT_INVALID. */
export function finalObject(shape: ObjectShape, text: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw outputInvalid('The answer is not JSON');
  }
  const value = shape.unwrap(parsed);
  shape.check(value);
  return value;
}
