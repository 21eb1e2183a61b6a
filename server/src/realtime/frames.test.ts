import { describe, expect, it } from 'vitest';
import { parseClientFrame } from './frames.ts';

describe('client frames', () => {
  it('understands every client frame of the wire protocol', () => {
    expect(parseClientFrame('{"type":"auth","payload":{"token":"t"}}')).toEqual({
      kind: 'frame',
      frame: { type: 'auth', payload: { token: 't' } },
    });
    expect(
      parseClientFrame(
        '{"type":"subscribe","payload":{"channel":"a:b.c-d_e","userId":"u","metadata":{"n":1}}}',
      ),
    ).toMatchObject({
      kind: 'frame',
      frame: { type: 'subscribe', payload: { channel: 'a:b.c-d_e', metadata: { n: 1 } } },
    });
    expect(parseClientFrame('{"type":"unsubscribe","payload":{"channel":"c"}}')).toMatchObject({
      kind: 'frame',
    });
    expect(
      parseClientFrame('{"type":"publish","payload":{"channel":"c","type":"chat","data":[1]}}'),
    ).toMatchObject({
      kind: 'frame',
      frame: { payload: { data: [1] } },
    });
    expect(parseClientFrame('{"type":"ping"}')).toEqual({
      kind: 'frame',
      frame: { type: 'ping', payload: {} },
    });
  });

  it('treats null metadata as none', () => {
    const parsed = parseClientFrame(
      '{"type":"subscribe","payload":{"channel":"c","metadata":null}}',
    );
    expect(parsed).toMatchObject({ kind: 'frame' });
    expect(
      parsed.kind === 'frame' && 'metadata' in parsed.frame.payload
        ? parsed.frame.payload.metadata
        : undefined,
    ).toBeUndefined();
  });

  it('reads a resuming subscribe: `after` is a message id, null is none, anything else is refused', () => {
    expect(
      parseClientFrame('{"type":"subscribe","payload":{"channel":"c","after":"1712-3"}}'),
    ).toEqual({
      kind: 'frame',
      frame: { type: 'subscribe', payload: { channel: 'c', after: { ms: 1712, seq: 3 } } },
    });
    const none = parseClientFrame('{"type":"subscribe","payload":{"channel":"c","after":null}}');
    expect(none).toMatchObject({ kind: 'frame' });
    expect((none as { frame: { payload: { after?: unknown } } }).frame.payload.after).toBe(
      undefined,
    );
    for (const bad of ['"1712"', '"x-1"', '7', '"-"']) {
      expect(
        parseClientFrame(`{"type":"subscribe","payload":{"channel":"c","after":${bad}}}`),
        bad,
      ).toMatchObject({ kind: 'invalid', channel: 'c', error: expect.stringContaining('after') });
    }
  });

  it('calls garbage what cannot be a frame at all', () => {
    for (const raw of [
      '',
      'nope',
      '"text"',
      'null',
      '[]',
      '{"payload":{}}',
      '{"type":7}',
      '{"type":"__proto__"}',
      '{"type":"toString"}',
    ]) {
      expect(parseClientFrame(raw).kind, raw).toBe('garbage');
    }
  });

  it('calls invalid a known frame with a bad payload, naming its channel when it has one', () => {
    expect(parseClientFrame('{"type":"subscribe","payload":{"channel":""}}')).toMatchObject({
      kind: 'invalid',
      channel: '',
    });
    expect(parseClientFrame('{"type":"publish","payload":{"channel":"c"}}')).toMatchObject({
      kind: 'invalid',
      channel: 'c',
      error: expect.stringContaining('type'),
    });
    expect(parseClientFrame('{"type":"auth","payload":{}}')).toMatchObject({
      kind: 'invalid',
      type: 'auth',
    });
    expect(parseClientFrame('{"type":"subscribe","payload":"c"}')).toMatchObject({
      kind: 'invalid',
      channel: undefined,
    });
  });
});
