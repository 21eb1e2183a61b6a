/**
 * The feed's mails as written (mail-message.ts): members' words escaped in HTML and kept to one
 * line in the subject, long text cut at a word, and the one-click unsubscribe headers.
 */
import { describe, expect, it } from 'vitest';
import { firstWords, socialDigestMail, socialPostMail, type MailedPost } from './mail-message.ts';

const post: MailedPost = {
  author: 'Eve\r\nBcc: everyone@example.org',
  channelName: 'Whole troop',
  body: '<script>alert(1)</script> & "quotes"',
  photoCount: 1,
  url: 'https://troop.example/social/posts/p1?troop=t2',
};
const common = {
  to: { address: 'sam@example.org' },
  troopName: 'Troop <12>',
  unsubscribeUrl: 'https://troop.example/api/notifications/t2/unsubscribe?token=a.b.c',
};

describe('social mail messages', () => {
  it('escapes members’ words in HTML and keeps the subject to one line', () => {
    const mail = socialPostMail({ ...common, post, reason: 'each' });
    expect(mail.subject).toBe('Troop <12>: Eve Bcc: everyone@example.org posted in Whole troop');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    expect(mail.html).toContain('href="https://troop.example/social/posts/p1?troop=t2"');
    expect(mail.text).toContain('1 photo with the post.');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${common.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('says why the member gets it: their choice, or a mention', () => {
    expect(socialPostMail({ ...common, post, reason: 'each' }).text).toContain(
      'you chose an email for each social post',
    );
    expect(socialPostMail({ ...common, post, reason: 'mention' }).text).toContain(
      'mentions come whatever your choice',
    );
  });

  it('lists a digest’s posts by their first words and counts what it leaves out', () => {
    const posts = Array.from({ length: 52 }, (_, i) => ({
      ...post,
      body: `Post ${i} `.repeat(40),
    }));
    const mail = socialDigestMail({ ...common, posts, feedUrl: 'https://troop.example/social' });
    expect(mail.subject).toBe('Troop <12>: 52 new posts in the troop feed');
    expect(mail.text).toContain('And 2 more: see them all in the feed.');
    expect(mail.text).not.toContain('Post 51');
    expect(mail.text).toContain('(1 photo)');
  });

  it('cuts long text at a word', () => {
    expect(firstWords('one two   three', 100)).toBe('one two three');
    expect(firstWords('alpha beta gamma delta', 12)).toBe('alpha beta…');
  });
});
