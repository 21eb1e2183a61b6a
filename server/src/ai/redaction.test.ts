/**
 * What the AI gateway leaves in the log: request lines, never a prompt, an answer or a
 * provider's key, in whatever form a provider's error body or a logged error carries the key
 * (raw, JSON-escaped as `\/` or `\u002b`, escaped again inside the log line's JSON, URL-encoded).
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { secretRedactor } from '../log-redaction.ts';
import { bearer, buildAiTestApp, readDataStreamLines } from '../../test/ai.ts';

const KEY = 'sk-live/Ab+cD9=zz_Q7';
/** The key as JSON encoders that escape more than they must write it. */
const SLASH_ESCAPED = KEY.replace(/\//g, '\\/');
const UNICODE_ESCAPED = KEY.replace(/\+/g, '\\u002b').replace(/\//g, '\\u002F');
const FORMS = [
  KEY,
  SLASH_ESCAPED,
  UNICODE_ESCAPED,
  JSON.stringify(SLASH_ESCAPED).slice(1, -1),
  JSON.stringify(UNICODE_ESCAPED).slice(1, -1),
  encodeURIComponent(KEY),
];

describe('secrets in log lines', () => {
  it.each(FORMS)('replaces the key written as %s, keeping the rest of the line', (form) => {
    const redact = secretRedactor([KEY, undefined, 'short']);
    const line = `{"msg":"provider said: Incorrect API key provided: ${form}. Retry."}`;
    expect(redact(line)).toBe(
      '{"msg":"provider said: Incorrect API key provided: [redacted]. Retry."}',
    );
  });

  it('leaves lines without a secret as they are, and ignores keys too short to be one', () => {
    expect(secretRedactor(['unused'])('{"msg":"unused"}')).toBe('{"msg":"unused"}');
    expect(secretRedactor([KEY])('{"msg":"sk-live/Ab"}')).toBe('{"msg":"sk-live/Ab"}');
  });
});

describe('the AI gateway’s log', () => {
  it('holds no prompt, answer or provider key, even when the provider’s error echoes the key escaped', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const a = await buildAiTestApp('sqlite', {
      apiKey: KEY,
      deps: { logger: createLogger('info', sink, [KEY]) },
    });
    try {
      const leader = await bearer(a, 'leader-1', 'leader');
      a.sim.next({ kind: 'reply', text: 'Whispered answer about the campfire' });
      const whole = await a.post('/text', { prompt: 'Private prompt about a scout' }, leader);
      expect(whole.json().text).toBe('Whispered answer about the campfire');
      a.sim.next({ kind: 'reply', text: 'Streamed answer about the lake' });
      const streamed = await a.post('/text', { prompt: 'Streamed prompt', stream: true }, leader);
      const said = readDataStreamLines(streamed.body).filter((l) => l.code === '0');
      expect(said.map((l) => l.value).join('')).toBe('Streamed answer about the lake');
      a.sim.next({
        kind: 'error',
        status: 500,
        message: `Incorrect API key provided: ${SLASH_ESCAPED} (${UNICODE_ESCAPED})`,
      });
      const failed = await a.post('/text', { prompt: 'x' }, leader);
      expect(failed.statusCode).toBe(502);
      expect(failed.body).not.toMatch(/Ab.{0,6}cD9/);
      // Whatever else logs what a provider said, or an error carrying it, is redacted too.
      const providerBody = JSON.stringify({
        error: { message: `Incorrect API key provided: ${SLASH_ESCAPED}` },
      });
      a.app.log.warn({ providerBody }, 'provider said');
      a.app.log.error({ err: new Error(`provider answered ${providerBody}`) }, 'failed');
      a.app.log.info(`key ${UNICODE_ESCAPED} and ${encodeURIComponent(KEY)}`);
      const log = lines.join('');
      expect(log).toContain('"status":502');
      expect(log).toContain('[redacted]');
      for (const secret of [
        'Private prompt',
        'Whispered answer',
        'Streamed prompt',
        'Streamed answer',
        'Ab+cD9',
        'Ab\\\\u002bcD9',
        'Ab\\u002bcD9',
        'Ab%2BcD9',
      ])
        expect(log, secret).not.toContain(secret);
    } finally {
      await a.close();
    }
  });
});
