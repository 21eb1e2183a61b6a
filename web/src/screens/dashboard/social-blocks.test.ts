import { describe, expect, it } from 'vitest';
import type { SocialPost } from '@scout/sdk/social';
import { socialBlocks } from './social-blocks.ts';

const now = Date.parse('2026-03-07T15:00:00Z');
const post = (id: string, over: Partial<SocialPost> = {}): SocialPost => ({
  id,
  channel: 'troop',
  channelName: 'Whole troop',
  author: { userId: 'u1', name: 'Ann Leader', youth: false },
  body: `Post ${id}`,
  photos: [],
  mentions: [],
  status: 'visible',
  moderation: null,
  locked: false,
  createdAt: '2026-03-07T14:55:00Z',
  commentCount: 0,
  reactions: {},
  myReactions: [],
  mine: false,
  ...over,
});
const photo = {
  id: 'ph1',
  width: 1600,
  height: 1200,
  url: '/full.webp',
  thumbUrl: '/thumb.webp',
  thumbWidth: 480,
  thumbHeight: 360,
  tags: [],
};

describe('the Social card', () => {
  it('shows the latest three visible posts: thumbnail, author, time, each opening its thread', () => {
    const blocks = socialBlocks(
      [
        post('a', { photos: [photo] }),
        post('w', { status: 'pending', mine: true }),
        post('b/1', { body: `${'word '.repeat(30)}end` }),
        post('c'),
        post('d'),
      ],
      now,
    );
    expect(blocks.map((b) => b.key)).toEqual(['post:a', 'post:b/1', 'post:c']);
    expect(blocks[0]).toMatchObject({
      kind: 'post',
      author: 'Ann Leader',
      time: '5 min ago',
      dateTime: '2026-03-07T14:55:00Z',
      thumbUrl: '/thumb.webp',
      path: '/social/posts/a',
    });
    expect(blocks[1]).toMatchObject({ thumbUrl: null, path: '/social/posts/b%2F1' });
    expect(blocks[1]!.kind === 'post' && blocks[1]!.excerpt.length).toBeLessThanOrEqual(60);
  });

  it('fills the blocks left with empty ones that say why', () => {
    expect(socialBlocks([], now).map((b) => (b.kind === 'empty' ? b.label : b.key))).toEqual([
      'No posts yet',
      'No earlier posts',
      'No earlier posts',
    ]);
    expect(socialBlocks([post('a')], now).map((b) => b.kind)).toEqual(['post', 'empty', 'empty']);
  });
});
