import { describe, expect, it } from 'vitest';
import { createNotifications, type EmailMessage } from './notifications.ts';
import { FakeApi, errorReply, jsonReply, signedInHttp, rejection } from '../test/fake-api.ts';
import { clientInBrowser } from '../test/browser-client.ts';

const EMAIL = '/api/notifications/troop-42/email';

function setup() {
  const api = new FakeApi();
  const http = signedInHttp(api);
  api.on('POST', EMAIL, () => jsonReply(200, { success: true, messageId: 'msg-1' }));
  return { api, notifications: createNotifications(http, 'troop-42') };
}

describe('notifications.email', () => {
  it('posts the message with the bearer token and answers the message id', async () => {
    const { api, notifications } = setup();
    const result = await notifications.email({
      to: ['kim@troop42.test', 'Pat Lee <pat@troop42.test>'],
      subject: 'Campout on Saturday',
      html: '<p>Bring a tent.</p>',
      text: 'Bring a tent.',
      from: 'Troop 42 <leaders@troop42.test>',
      replyTo: 'leaders@troop42.test',
      cc: 'parents@troop42.test',
      bcc: ['records@troop42.test'],
    });
    expect(result).toEqual({ success: true, messageId: 'msg-1' });
    const [req] = api.requests;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe(EMAIL);
    expect(req!.headers.authorization).toBe('Bearer access-1');
    expect(req!.body).toEqual({
      to: ['kim@troop42.test', 'Pat Lee <pat@troop42.test>'],
      subject: 'Campout on Saturday',
      html: '<p>Bring a tent.</p>',
      text: 'Bring a tent.',
      from: 'Troop 42 <leaders@troop42.test>',
      replyTo: 'leaders@troop42.test',
      cc: 'parents@troop42.test',
      bcc: ['records@troop42.test'],
    });
  });

  it('leaves out the fields not given', async () => {
    const { api, notifications } = setup();
    await notifications.email({ to: 'kim@troop42.test', subject: 'Hi', text: 'Hello' });
    expect(api.requests[0]!.body).toEqual({ to: 'kim@troop42.test', subject: 'Hi', text: 'Hello' });
  });

  it.each<[string, Partial<EmailMessage>, RegExp]>([
    ['no recipient', { to: undefined }, /recipient \(to\)/],
    ['an empty recipient list', { to: [] }, /recipient \(to\)/],
    ['a recipient that is not an address', { to: ['kim@troop42.test', 'kim'] }, /to: kim$/],
    ['no subject', { subject: '  ' }, /subject/],
    ['neither html nor text', { html: '', text: undefined }, /html or text/],
    ['a bad cc', { cc: 'nobody' }, /cc: nobody/],
    ['a bad bcc', { bcc: ['a@b'] }, /bcc: a@b/],
    ['a bad reply-to', { replyTo: 'x' }, /replyTo: x/],
  ])('refuses %s before sending anything', async (_name, change, message) => {
    const { api, notifications } = setup();
    const input = { to: 'kim@troop42.test', subject: 'Hi', text: 'Hello', ...change };
    const err = await rejection(notifications.email(input as EmailMessage));
    expect(err).toMatchObject({
      kind: 'notifications',
      code: 'VALIDATION_ERROR',
      retryable: false,
    });
    expect(err.message).toMatch(message);
    expect(err.userMessage).toBe(err.message);
    expect(api.requests).toEqual([]);
  });

  it('labels server failures as notifications errors and never sends twice', async () => {
    const { api, notifications } = setup();
    api.on('POST', EMAIL, () => errorReply(503, 'SERVICE_UNAVAILABLE', 'Mail server unreachable'));
    const err = await rejection(
      notifications.email({ to: 'kim@troop42.test', subject: 'Hi', text: 'Hello' }),
    );
    expect(err).toMatchObject({
      kind: 'notifications',
      code: 'SERVICE_UNAVAILABLE',
      status: 503,
      message: 'Mail server unreachable',
      retryable: true,
    });
    expect(api.requests).toHaveLength(1);
  });

  it('keeps the validation code the server gives', async () => {
    const { api, notifications } = setup();
    api.on('POST', EMAIL, () => errorReply(400, 'VALIDATION_ERROR', 'Invalid recipient'));
    const err = await rejection(
      notifications.email({ to: 'kim@troop42.test', subject: 'Hi', text: 'Hello' }),
    );
    expect(err).toMatchObject({ kind: 'notifications', code: 'VALIDATION_ERROR', status: 400 });
  });

  it('fails when the server does not confirm the email', async () => {
    const { api, notifications } = setup();
    api.on('POST', EMAIL, () => jsonReply(200, { success: false }));
    const err = await rejection(
      notifications.email({ to: 'kim@troop42.test', subject: 'Hi', text: 'Hello' }),
    );
    expect(err.kind).toBe('notifications');
  });

  it('is part of the client, under the project id', async () => {
    const { api, client } = clientInBrowser('troop 42');
    api.on('POST', '/api/notifications/troop%2042/email', () =>
      jsonReply(200, { success: true, messageId: 'msg-9' }),
    );
    await client.auth.ready();
    const result = await client.notifications.email({
      to: 'kim@troop42.test',
      subject: 'Hi',
      html: '<p>Hello</p>',
    });
    client.auth.dispose();
    expect(result.messageId).toBe('msg-9');
  });
});

describe('notifications settings', () => {
  const SETTINGS = '/api/notifications/troop-42/settings';
  const stored = { newEvents: true, changes: false, reminders: true, reminderHours: 24 };

  it('reads the signed-in member’s settings', async () => {
    const { api, notifications } = setup();
    api.on('GET', SETTINGS, () => jsonReply(200, { settings: stored }));
    expect(await notifications.getSettings()).toEqual(stored);
    expect(api.requests[0]!.headers.authorization).toBe('Bearer access-1');
  });

  it('saves all four settings with PUT and answers what the server stored', async () => {
    const { api, notifications } = setup();
    api.on('PUT', SETTINGS, (req) => jsonReply(200, { settings: req.body }));
    const saved = await notifications.updateSettings({ ...stored, reminders: false });
    expect(saved).toEqual({ ...stored, reminders: false });
    expect(api.requests[0]!.method).toBe('PUT');
    expect(api.requests[0]!.body).toEqual({ ...stored, reminders: false });
  });

  it('saves how new events arrive (at once, or in a daily or weekly digest) when given', async () => {
    const { api, notifications } = setup();
    api.on('PUT', SETTINGS, (req) => jsonReply(200, { settings: req.body }));
    const saved = await notifications.updateSettings({ ...stored, newEventsDigest: 'weekly' });
    expect(saved).toEqual({ ...stored, newEventsDigest: 'weekly' });
    expect(api.requests[0]!.body).toEqual({ ...stored, newEventsDigest: 'weekly' });
  });

  it('saves the news and social mail choices when given', async () => {
    const { api, notifications } = setup();
    api.on('PUT', SETTINGS, (req) => jsonReply(200, { settings: req.body }));
    const choices = { newsletters: false, announcements: true, social: 'each' as const };
    const saved = await notifications.updateSettings({ ...stored, ...choices });
    expect(saved).toEqual({ ...stored, ...choices });
    expect(api.requests[0]!.body).toEqual({ ...stored, ...choices });
  });

  it('passes the server’s refusal of an hour count out of range on', async () => {
    const { api, notifications } = setup();
    api.on('PUT', SETTINGS, () =>
      errorReply(400, 'VALIDATION_ERROR', 'reminderHours: must be at most 168'),
    );
    const err = await rejection(notifications.updateSettings({ ...stored, reminderHours: 500 }));
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.status).toBe(400);
  });
});
