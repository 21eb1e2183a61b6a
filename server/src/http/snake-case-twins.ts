/**
 * Existing clients send some body fields under their snake_case names (`refresh_token`,
 * `redirect_url`: docs/protocol.md, Common to every call). A route's schema names each field
 * once, in camelCase; this hook, run before the schema, moves a snake_case twin to its camelCase
 * name when the camelCase one is absent. Other keys are left exactly as sent.
 */
import type { preValidationAsyncHookHandler } from 'fastify';
import { camelToSnake } from '@scout/protocol/case';

export function acceptSnakeCaseTwins(camelNames: readonly string[]): preValidationAsyncHookHandler {
  const twins = camelNames
    .map((camel) => [camelToSnake(camel), camel] as const)
    .filter(([snake, camel]) => snake !== camel);
  return async (req) => {
    const body = req.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
    const fields = body as Record<string, unknown>;
    for (const [snake, camel] of twins) {
      if (Object.hasOwn(fields, snake) && !Object.hasOwn(fields, camel)) {
        fields[camel] = fields[snake];
        delete fields[snake];
      }
    }
  };
}
