import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAiTestApp, type AiTestApp } from '../../test/ai.ts';

/** Bodies shaped like the real ones, with every field free to be anything. */
const field = fc.oneof(
  fc.anything(),
  fc.string(),
  fc.webUrl(),
  fc.constantFrom('https://troop.example/a.png', 'data:audio/mpeg;base64,AAAA', '', '__proto__'),
);
const bodies = fc.oneof(
  fc.anything(),
  fc.record(
    {
      prompt: field,
      messages: fc.oneof(field, fc.array(fc.record({ role: field, content: field }))),
      schema: fc.oneof(field, fc.object()),
      output: field,
      enum: field,
      stream: field,
      images: fc.oneof(field, fc.array(field)),
      audio: fc.oneof(field, fc.array(fc.integer())),
      text: field,
      n: field,
      size: field,
      voice: field,
      speed: field,
    },
    { requiredKeys: [] },
  ),
);

describe('AI routes under hostile input', () => {
  let t: AiTestApp;
  let leader: string;
  beforeAll(async () => {
    t = await buildAiTestApp('sqlite', {
      env: { AI_REQUESTS_PER_MINUTE: '100000', AI_DAILY_TOKENS: '1000000000' },
    });
    leader = await bearer(t, 'leader-1', 'leader');
  });
  afterAll(async () => t.close());

  it('never answers 500, and always answers JSON with a code when it refuses', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/text', '/object', '/image', '/speech', '/transcribe'),
        bodies,
        async (path, body) => {
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/ai/${t.deps.config.projectId}${path}`,
            headers: { authorization: leader, 'content-type': 'application/json' },
            payload: JSON.stringify(body) ?? 'null',
          });
          expect(res.statusCode).not.toBe(500);
          if (res.statusCode >= 400) expect(res.json().code).toEqual(expect.any(String));
        },
      ),
      { numRuns: 300 },
    );
  });
});
