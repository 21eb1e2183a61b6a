import { describe, expect, it } from 'vitest';
import type { NewsletterSummary } from '@scout/sdk/newsletter';
import {
  editedLabel,
  fromLabel,
  kindLabel,
  postDate,
  postInstant,
  reachText,
  unreadLabel,
} from './newsletter-text.ts';

const summary = (over: Partial<NewsletterSummary> = {}): NewsletterSummary => ({
  id: 'p1',
  kind: 'newsletter',
  title: 'March news',
  excerpt: 'Camp is coming',
  audience: 'troop',
  patrols: [],
  status: 'sent',
  sentAt: '2026-03-07T15:00:00',
  sendAt: null,
  editedAt: null,
  authorName: 'Ann Leader',
  from: { projectId: 'troop-42', name: 'Troop 42', council: false },
  read: true,
  ...over,
});

describe('what a post says of itself', () => {
  it('dates a sent post by the day it went out, a scheduled one by when it goes', () => {
    expect(postDate(summary())).toBe('Sat, Mar 07, 2026');
    expect(postInstant(summary())).toBe('2026-03-07T15:00:00');
    const scheduled = summary({ status: 'scheduled', sentAt: null, sendAt: '2026-03-09T08:30:00' });
    expect(postDate(scheduled)).toBe('Scheduled for Mon, Mar 09, 2026, 8:30 AM');
    expect(postDate(summary({ status: 'draft', sentAt: null }))).toBe('Draft');
    expect(postInstant(summary({ status: 'draft', sentAt: null }))).toBeUndefined();
  });

  it('marks a post unread until opened, and edited once changed after it went out', () => {
    expect(unreadLabel(summary({ read: false }))).toBe('Unread');
    expect(unreadLabel(summary())).toBeNull();
    expect(editedLabel(summary())).toBeNull();
    expect(editedLabel(summary({ editedAt: '2026-03-08T10:00:00' }))).toBe(
      'Edited Sun, Mar 08, 2026',
    );
  });

  it('says whom a sent post reached for writers, nothing for readers or unsent posts', () => {
    const reach = { mailed: 12, opened: 5, audience: 14 };
    expect(reachText(summary({ reach }))).toBe('Reached 12 · Opened 5');
    expect(reachText(summary())).toBeNull();
    expect(reachText(summary({ reach, status: 'scheduled' }))).toBeNull();
  });

  it('names the council a council post came from, and an announcement as such', () => {
    expect(fromLabel(summary())).toBe('From Troop 42');
    expect(
      fromLabel(summary({ from: { projectId: 'c1', name: 'Lakes Council', council: true } })),
    ).toBe('From Lakes Council (council)');
    expect(kindLabel(summary({ kind: 'announcement' }))).toBe('Announcement');
    expect(kindLabel(summary())).toBeNull();
  });
});
