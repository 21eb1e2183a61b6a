import { describe, expect, it } from 'vitest';
import type { SocialComment, SocialPost } from './social.ts';
import { createSocial } from './social.ts';
import { HttpClient } from './http.ts';
import { BASE_URL, FakeApi, errorReply, jsonReply } from '../test/fake-api.ts';

const ROOT = '/api/social/troop-42';
const person = { userId: 'u1', name: 'Ann Leader', youth: false };
const post: SocialPost = {
  id: 'p1',
  channel: 'troop',
  channelName: 'Whole troop',
  author: person,
  body: 'Campout!',
  photos: [],
  mentions: [],
  status: 'visible',
  moderation: null,
  locked: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  commentCount: 0,
  reactions: {},
  myReactions: [],
  mine: true,
};
const comment: SocialComment = {
  id: 'c1',
  postId: 'p1',
  author: person,
  body: 'Great',
  mentions: [],
  status: 'visible',
  moderation: null,
  createdAt: '2026-03-01T11:00:00.000Z',
  mine: true,
};

function setup() {
  const api = new FakeApi();
  const http = new HttpClient({ baseUrl: BASE_URL, fetch: api.fetch, sleep: async () => {} });
  http.useTokens({
    getValidAccessToken: async () => 'access-1',
    refreshAfterRejection: async () => null,
  });
  return { api, social: createSocial(http, 'troop-42') };
}

describe('social', () => {
  it('reads the home, a page of one channel with its cursor, and a thread', async () => {
    const { api, social } = setup();
    const home = {
      channels: [{ id: 'troop', name: 'Whole troop', canPost: true }],
      me: { youth: false, mayPost: true, moderator: true },
      settings: { youthPostsNeedApproval: true },
      waiting: 2,
    };
    api.on('GET', `${ROOT}/home`, () => jsonReply(200, home));
    api.on('GET', `${ROOT}/posts`, () => jsonReply(200, { posts: [post], next: 'c2' }));
    api.on('GET', `${ROOT}/posts/p%2F1`, () => jsonReply(200, { post, comments: [comment] }));
    expect(await social.home()).toEqual(home);
    expect(await social.listPosts({ channel: 'patrol:owls', cursor: 'c1', limit: 5 })).toEqual({
      posts: [post],
      next: 'c2',
    });
    expect(Object.fromEntries(api.requests[1]!.query)).toEqual({
      channel: 'patrol:owls',
      cursor: 'c1',
      limit: '5',
    });
    await social.listPosts();
    expect([...api.requests[2]!.query]).toEqual([]);
    expect(api.requests[0]!.headers.authorization).toBe('Bearer access-1');
    expect(await social.getThread('p/1')).toEqual({ post, comments: [comment] });
  });

  it('posts, comments, deletes both and reacts with PUT and DELETE', async () => {
    const { api, social } = setup();
    const input = { channel: 'troop' as const, body: 'Campout!', photos: [{ id: 'ph1' }] };
    const reactions = { reactions: { like: 1 }, myReactions: ['like'] };
    api.on('POST', `${ROOT}/posts`, () => jsonReply(200, { post }));
    api.on('POST', `${ROOT}/posts/p1/comments`, () => jsonReply(200, { comment }));
    api.on('DELETE', `${ROOT}/comments/c1`, () => jsonReply(200, { commentId: 'c1' }));
    api.on('DELETE', `${ROOT}/posts/p1`, () => jsonReply(200, { postId: 'p1' }));
    api.on('PUT', `${ROOT}/posts/p1/reactions/like`, () => jsonReply(200, reactions));
    api.on('DELETE', `${ROOT}/posts/p1/reactions/like`, () =>
      jsonReply(200, { reactions: {}, myReactions: [] }),
    );
    expect(await social.createPost(input)).toEqual(post);
    expect(api.requests[0]!.body).toEqual(input);
    expect(await social.addComment('p1', { body: 'Great' })).toEqual(comment);
    expect(api.requests[1]!.body).toEqual({ body: 'Great' });
    await social.deleteComment('c1');
    await social.deletePost('p1');
    expect(await social.react('p1', 'like', true)).toEqual(reactions);
    expect(await social.react('p1', 'like', false)).toEqual({ reactions: {}, myReactions: [] });
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST ${ROOT}/posts`,
      `POST ${ROOT}/posts/p1/comments`,
      `DELETE ${ROOT}/comments/c1`,
      `DELETE ${ROOT}/posts/p1`,
      `PUT ${ROOT}/posts/p1/reactions/like`,
      `DELETE ${ROOT}/posts/p1/reactions/like`,
    ]);
  });

  it('uploads a photo as one multipart file and reads the scouts and a channel’s members', async () => {
    const { api, social } = setup();
    const upload = { id: 'ph1', width: 4, height: 3, thumbUrl: '/t.webp' };
    api.on('POST', `${ROOT}/photos`, () => jsonReply(200, upload));
    api.on('GET', `${ROOT}/scouts`, () =>
      jsonReply(200, { scouts: [{ scoutId: 's1', name: 'Sam', noPhotos: true }] }),
    );
    api.on('GET', `${ROOT}/members`, () =>
      jsonReply(200, { members: [{ userId: 'u1', name: 'Ann' }] }),
    );
    const file = new File([new Uint8Array([1, 2, 3])], 'camp.png', { type: 'image/png' });
    expect(await social.uploadPhoto(file)).toEqual(upload);
    const sent = api.requests[0]!.body;
    expect(sent).toBeInstanceOf(FormData);
    expect(((sent as FormData).get('file') as File).name).toBe('camp.png');
    expect(await social.taggableScouts()).toEqual([{ scoutId: 's1', name: 'Sam', noPhotos: true }]);
    expect(await social.members('leaders')).toEqual([{ userId: 'u1', name: 'Ann' }]);
    expect(api.requests[2]!.query.get('channel')).toBe('leaders');
  });

  it('moderates, reports, reads the queue, resolves a report and changes the setting', async () => {
    const { api, social } = setup();
    const queue = { posts: [post], comments: [], reports: [] };
    api.on('POST', `${ROOT}/posts/p1/moderation`, () => jsonReply(200, { post }));
    api.on('POST', `${ROOT}/comments/c1/moderation`, () => jsonReply(200, { comment }));
    api.on('POST', `${ROOT}/posts/p1/report`, () => jsonReply(200, { reported: true }));
    api.on('POST', `${ROOT}/comments/c1/report`, () => jsonReply(200, { reported: true }));
    api.on('GET', `${ROOT}/queue`, () => jsonReply(200, queue));
    api.on('POST', `${ROOT}/reports/r1/resolve`, () => jsonReply(200, { resolved: true }));
    api.on('GET', `${ROOT}/settings`, () => jsonReply(200, { youthPostsNeedApproval: true }));
    api.on('PUT', `${ROOT}/settings`, () => jsonReply(200, { youthPostsNeedApproval: false }));
    expect(await social.moderatePost('p1', 'approve')).toEqual(post);
    expect(api.requests[0]!.body).toEqual({ action: 'approve' });
    expect(await social.moderateComment('c1', 'hide', 'Unkind')).toEqual(comment);
    expect(api.requests[1]!.body).toEqual({ action: 'hide', reason: 'Unkind' });
    await social.reportPost('p1', 'Not for scouts');
    expect(api.requests[2]!.body).toEqual({ reason: 'Not for scouts' });
    await social.reportComment('c1', 'Rude');
    expect(await social.queue()).toEqual(queue);
    await social.resolveReport('r1');
    expect(await social.settings()).toEqual({ youthPostsNeedApproval: true });
    expect(await social.updateSettings({ youthPostsNeedApproval: false })).toEqual({
      youthPostsNeedApproval: false,
    });
    expect(api.requests[7]!.body).toEqual({ youthPostsNeedApproval: false });
  });

  it('passes the server’s words on, and refuses another shape and an empty id', async () => {
    const { api, social } = setup();
    api.on('POST', `${ROOT}/posts/p1/comments`, () =>
      errorReply(409, 'CONFLICT', 'This thread is locked'),
    );
    api.on('GET', `${ROOT}/posts/p2`, () => jsonReply(200, { ok: true }));
    await expect(social.addComment('p1', { body: 'x' })).rejects.toMatchObject({
      status: 409,
      message: 'This thread is locked',
    });
    await expect(social.getThread('p2')).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
    await expect(social.getThread('')).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(social.uploadPhoto('x' as unknown as Blob)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    expect(api.requests).toHaveLength(2);
  });
});
