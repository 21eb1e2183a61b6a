/** Reading auth request bodies the way existing clients send them (docs/protocol.md, Common to every call). */
import { camelToSnake } from '@scout/protocol/case';
import { badRequest } from '../errors.ts';

export type Body = Record<string, unknown>;

/** A JSON object. No body at all counts as an empty one; arrays and scalars are a 400. */
export function objectBody(body: unknown): Body {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw badRequest('Request body must be a JSON object');
  return body as Body;
}

/** The names a field may arrive under: its camelCase name and its snake_case twin. */
export const fieldNames = (camel: string) => [camel, camelToSnake(camel)];

/** A field sent under its camelCase or snake_case name (own properties only). */
export function field(body: Body, camel: string): unknown {
  for (const name of fieldNames(camel)) if (Object.hasOwn(body, name)) return body[name];
  return undefined;
}
