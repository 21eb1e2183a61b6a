import { describe, expect, it } from 'vitest';
import type { NewsletterSummary } from '@scout/sdk/newsletter';
import { newsletterBlocks } from './newsletter-blocks.ts';

const post = (id: string, over: Partial<NewsletterSummary> = {}): NewsletterSummary => ({
  id,
  kind: 'newsletter',
  title: `Post ${id}`,
  excerpt: '',
  audience: 'troop',
  patrols: [],
  status: 'sent',
  sentAt: '2026-03-07T15:00:00',
  sendAt: null,
  editedAt: null,
  authorName: 'Ann',
  from: { projectId: 'troop-42', name: 'Troop 42', council: false },
  read: true,
  ...over,
});

describe('the Newsletter card', () => {
  it('shows the latest three posts in the order given, each opening its post, unread marked', () => {
    const blocks = newsletterBlocks([
      post('a', { read: false, kind: 'announcement' }),
      post('b/1'),
      post('c'),
      post('d'),
    ]);
    expect(blocks).toHaveLength(3);
    expect(blocks[0]).toMatchObject({
      kind: 'post',
      title: 'Post a',
      date: 'Sat, Mar 07, 2026',
      unread: true,
      announcement: true,
      path: '/newsletter/a',
    });
    expect(blocks[1]).toMatchObject({ unread: false, path: '/newsletter/b%2F1' });
    expect(blocks.map((b) => b.key)).toEqual(['post:a', 'post:b/1', 'post:c']);
  });

  it('fills the blocks left with empty ones that say why', () => {
    expect(newsletterBlocks([]).map((b) => (b.kind === 'empty' ? b.label : b.title))).toEqual([
      'No newsletters yet',
      'No earlier posts',
      'No earlier posts',
    ]);
    const one = newsletterBlocks([post('a')]);
    expect(one.map((b) => b.kind)).toEqual(['post', 'empty', 'empty']);
  });
});
