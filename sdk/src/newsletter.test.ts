import { describe, expect, it } from 'vitest';
import type { NewsletterPost } from './newsletter.ts';
import { createNewsletter } from './newsletter.ts';
import { ScoutError } from './errors.ts';
import { HttpClient } from './http.ts';
import { BASE_URL, FakeApi, errorReply, jsonReply } from '../test/fake-api.ts';

const ROOT = '/api/newsletter/troop-42';
const post: NewsletterPost = {
  id: 'p1',
  kind: 'newsletter',
  title: 'March news',
  excerpt: 'Camp is coming',
  audience: 'troop',
  patrols: [],
  status: 'sent',
  sentAt: '2026-03-01T10:00:00.000Z',
  sendAt: null,
  editedAt: null,
  authorName: 'Ann',
  from: { projectId: 'troop-42', name: 'Troop 42', council: false },
  read: false,
  body: '',
  parts: [{ html: '<p>Camp is coming</p>' }, { event: { id: 'camp' } }],
};
const draft = {
  kind: 'newsletter' as const,
  title: 'March news',
  body: 'Camp is coming',
  audience: 'troop' as const,
  patrols: [],
};

function setup() {
  const api = new FakeApi();
  const http = new HttpClient({ baseUrl: BASE_URL, fetch: api.fetch, sleep: async () => {} });
  http.useTokens({
    getValidAccessToken: async () => 'access-1',
    refreshAfterRejection: async () => null,
  });
  return { api, newsletter: createNewsletter(http, 'troop-42') };
}

describe('newsletter', () => {
  it('reads a page of the archive with its words and cursor, opens a post and marks it read', async () => {
    const { api, newsletter } = setup();
    const page = { posts: [post], next: 'c2', unread: 1 };
    api.on('GET', `${ROOT}/posts`, () => jsonReply(200, page));
    api.on('GET', `${ROOT}/posts/p%2F1`, () => jsonReply(200, { post }));
    api.on('POST', `${ROOT}/posts/p%2F1/read`, () => jsonReply(200, { read: true }));
    expect(await newsletter.listPosts({ q: 'camp gear', cursor: 'c1', limit: 5 })).toEqual(page);
    expect(Object.fromEntries(api.requests[0]!.query)).toEqual({
      q: 'camp gear',
      cursor: 'c1',
      limit: '5',
    });
    expect(api.requests[0]!.headers.authorization).toBe('Bearer access-1');
    await newsletter.listPosts({ status: 'draft' });
    expect(Object.fromEntries(api.requests[1]!.query)).toEqual({ status: 'draft' });
    expect(await newsletter.getPost('p/1')).toEqual(post);
    await newsletter.markRead('p/1');
    expect(api.calls('POST', `${ROOT}/posts/p%2F1/read`)).toHaveLength(1);
  });

  it('lists the unread announcements for the banner', async () => {
    const { api, newsletter } = setup();
    api.on('GET', `${ROOT}/banner`, () => jsonReply(200, { announcements: [post] }));
    expect(await newsletter.banner()).toEqual([post]);
  });

  it('saves, changes, schedules, takes back and deletes a post', async () => {
    const { api, newsletter } = setup();
    api.on('POST', `${ROOT}/posts`, () => jsonReply(200, { post }));
    api.on('PATCH', `${ROOT}/posts/p1`, () => jsonReply(200, { post }));
    api.on('POST', `${ROOT}/posts/p1/send`, () => jsonReply(200, { post }));
    api.on('POST', `${ROOT}/posts/p1/unschedule`, () => jsonReply(200, { post }));
    api.on('DELETE', `${ROOT}/posts/p1`, () => jsonReply(200, { postId: 'p1' }));
    expect(await newsletter.createPost(draft)).toEqual(post);
    expect(api.requests[0]!.body).toEqual(draft);
    await newsletter.updatePost('p1', { title: 'April news' });
    expect(api.requests[1]!.body).toEqual({ title: 'April news' });
    await newsletter.sendPost('p1', { at: '2026-03-02T08:00:00.000Z' });
    expect(api.requests[2]!.body).toEqual({ at: '2026-03-02T08:00:00.000Z' });
    await newsletter.sendPost('p1');
    expect(api.requests[3]!.body).toEqual({});
    await newsletter.unschedulePost('p1');
    await newsletter.deletePost('p1');
    expect(api.requests.map((r) => r.method)).toEqual([
      'POST',
      'PATCH',
      'POST',
      'POST',
      'POST',
      'DELETE',
    ]);
  });

  it('passes a post already sent on as its code, sent once', async () => {
    const { api, newsletter } = setup();
    api.on('POST', `${ROOT}/posts/p1/send`, () =>
      errorReply(409, 'NEWSLETTER_ALREADY_SENT', 'This post has already gone out.'),
    );
    const err = await newsletter.sendPost('p1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ScoutError);
    expect(err).toMatchObject({ status: 409, code: 'NEWSLETTER_ALREADY_SENT' });
    expect(api.requests).toHaveLength(1);
  });

  it('previews a draft, reads the patrols and uploads an image as one multipart file', async () => {
    const { api, newsletter } = setup();
    const preview = { parts: [], mailHtml: '<p>x</p>', text: 'x', subject: 'March news' };
    api.on('POST', `${ROOT}/preview`, () => jsonReply(200, preview));
    api.on('GET', `${ROOT}/patrols`, () => jsonReply(200, { patrols: ['Eagles', 'Owls'] }));
    api.on('POST', `${ROOT}/images`, () =>
      jsonReply(200, {
        src: '/api/storage/troop-42/object/troop/newsletter/a.png',
        width: 4,
        height: 3,
      }),
    );
    expect(await newsletter.preview(draft)).toEqual(preview);
    expect(api.requests[0]!.body).toEqual({
      kind: 'newsletter',
      title: 'March news',
      body: 'Camp is coming',
    });
    expect(await newsletter.patrols()).toEqual(['Eagles', 'Owls']);
    const file = new File([new Uint8Array([1, 2, 3])], 'camp.png', { type: 'image/png' });
    expect(await newsletter.uploadImage(file)).toMatchObject({ width: 4, height: 3 });
    const sent = api.requests[2]!.body;
    expect(sent).toBeInstanceOf(FormData);
    expect(((sent as FormData).get('file') as File).name).toBe('camp.png');
  });

  it('refuses a reply of another shape and an empty id before sending', async () => {
    const { api, newsletter } = setup();
    api.on('GET', `${ROOT}/posts/p1`, () => jsonReply(200, { ok: true }));
    await expect(newsletter.getPost('p1')).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
    await expect(newsletter.getPost('')).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(newsletter.uploadImage('x' as unknown as Blob)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    expect(api.requests).toHaveLength(1);
  });
});
