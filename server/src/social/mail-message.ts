/**
 * The feed's mails (docs/decisions/090-social-feed.md, Mail by the member's choice): one post or
 * a mention of the member, and the daily digest. Each names the troop, the channel and the
 * author, links to the post's address in the app, and carries the one-click unsubscribe of the
 * `social` kind (RFC 8058), which sets the member's choice to `none`. No photo leaves the
 * server: a mail says how many there are and links to the post. Members' words are escaped in
 * HTML and kept to one line in the subject.
 */
import { PRODUCT_NAME } from '@scout/protocol/limits';
import { headerText, type MailAddress, type MailMessage } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/templates.ts';

/** Why the member gets the mail, said in its footer. */
export type SocialMailReason = 'each' | 'mention' | 'digest';

/** A post as a mail names it. */
export interface MailedPost {
  author: string;
  channelName: string;
  body: string;
  photoCount: number;
  /** The post's absolute address in the app. */
  url: string;
}

/** A digest names at most this many posts; the rest are counted and wait in the feed. */
export const DIGEST_MAX_POSTS = 50;
/** A post's first words in a digest. */
const EXCERPT_CHARS = 160;
/** A post or comment in its own mail: the whole of it, up to this much. */
const TEXT_CHARS = 2_000;

/** Text cut at a word near `max` characters, with an ellipsis when cut. */
export function firstWords(text: string, max = EXCERPT_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const photos = (n: number) => (n === 0 ? '' : n === 1 ? '1 photo' : `${n} photos`);

const troopOf = (troopName: string | null) => troopName ?? 'your troop';

const subjectOf = (troopName: string | null, text: string) =>
  headerText(troopName ? `${troopName}: ${text}` : text);

const FOOTERS: Record<SocialMailReason, string> = {
  each: `You get this because you chose an email for each social post in your ${PRODUCT_NAME} profile.`,
  digest: `You get this because you chose a daily digest of social posts in your ${PRODUCT_NAME} profile.`,
  mention:
    'You get this because you were mentioned: mentions come whatever your choice of social emails.',
};

interface Paragraph {
  text: string;
  /** Shown as a link to this address. */
  href?: string;
  /** Quoted member's words. */
  quote?: boolean;
}

function render(input: {
  to: MailAddress;
  from?: MailAddress;
  subject: string;
  paragraphs: Paragraph[];
  appUrl: string;
  reason: SocialMailReason;
  unsubscribeUrl: string;
}): MailMessage {
  const footer = `${FOOTERS[input.reason]} Unsubscribe: ${input.unsubscribeUrl}`;
  const text = [
    ...input.paragraphs.flatMap((p) => [p.href ? `${p.text}: ${p.href}` : p.text, '']),
    `Open ${PRODUCT_NAME}: ${input.appUrl}`,
    '',
    '--',
    footer,
  ].join('\n');
  const paragraph = (p: Paragraph) => {
    const words = escapeHtml(p.text).replace(/\n/g, '<br>');
    if (p.href) return `<p><a href="${escapeHtml(p.href)}">${words}</a></p>`;
    return p.quote
      ? `<blockquote style="margin:0 0 1em;padding-left:0.8em;border-left:3px solid #ccc">${words}</blockquote>`
      : `<p>${words}</p>`;
  };
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">
${input.paragraphs.map(paragraph).join('\n')}
<p><a href="${escapeHtml(input.appUrl)}">Open ${escapeHtml(PRODUCT_NAME)}</a></p>
<hr><p style="font-size:0.85em;color:#555">${escapeHtml(FOOTERS[input.reason])}
<a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe</a></p>
</body></html>`;
  return {
    to: [input.to],
    ...(input.from && { from: input.from }),
    subject: input.subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** A post, to a member who takes each post or was mentioned in it. */
export function socialPostMail(input: {
  to: MailAddress;
  from?: MailAddress;
  troopName: string | null;
  post: MailedPost;
  reason: 'each' | 'mention';
  unsubscribeUrl: string;
}): MailMessage {
  const { post, troopName } = input;
  const did = input.reason === 'mention' ? 'mentioned you in a post' : 'posted';
  const lead = `${post.author} ${did} in ${post.channelName} of ${troopOf(troopName)}:`;
  const paragraphs: Paragraph[] = [{ text: lead }];
  if (post.body.trim() !== '')
    paragraphs.push({ text: firstWords(post.body, TEXT_CHARS), quote: true });
  if (post.photoCount > 0) paragraphs.push({ text: `${photos(post.photoCount)} with the post.` });
  paragraphs.push({ text: 'Open the post', href: post.url });
  return render({
    ...input,
    subject: subjectOf(troopName, `${post.author} ${did} in ${post.channelName}`),
    paragraphs,
    appUrl: post.url,
  });
}

/** A comment that mentions the member, with the post it answers. */
export function socialCommentMail(input: {
  to: MailAddress;
  from?: MailAddress;
  troopName: string | null;
  post: MailedPost;
  comment: { author: string; body: string };
  unsubscribeUrl: string;
}): MailMessage {
  const { post, comment, troopName } = input;
  const did = 'mentioned you in a comment';
  const paragraphs: Paragraph[] = [
    { text: `${comment.author} ${did} in ${post.channelName} of ${troopOf(troopName)}:` },
    { text: firstWords(comment.body, TEXT_CHARS), quote: true },
    { text: `On ${post.author}'s post: ${firstWords(post.body) || photos(post.photoCount)}` },
    { text: 'Open the post', href: post.url },
  ];
  return render({
    ...input,
    subject: subjectOf(troopName, `${comment.author} ${did} in ${post.channelName}`),
    paragraphs,
    appUrl: post.url,
    reason: 'mention',
  });
}

/** The daily digest: the posts of the last day in the channels the member reads. */
export function socialDigestMail(input: {
  to: MailAddress;
  from?: MailAddress;
  troopName: string | null;
  posts: readonly MailedPost[];
  feedUrl: string;
  unsubscribeUrl: string;
}): MailMessage {
  const { posts, troopName } = input;
  const count = posts.length === 1 ? '1 new post' : `${posts.length} new posts`;
  const shown = posts.slice(0, DIGEST_MAX_POSTS);
  const paragraphs: Paragraph[] = [
    { text: `${count} in the feed of ${troopOf(troopName)} since yesterday:` },
  ];
  for (const p of shown) {
    const words = firstWords(p.body);
    const extra = photos(p.photoCount);
    const what = [words && `"${words}"`, extra && `(${extra})`].filter(Boolean).join(' ');
    paragraphs.push({ text: `${p.author} in ${p.channelName}${what ? `: ${what}` : ''}` });
    paragraphs.push({ text: 'Open the post', href: p.url });
  }
  if (posts.length > shown.length)
    paragraphs.push({ text: `And ${posts.length - shown.length} more: see them all in the feed.` });
  return render({
    ...input,
    subject: subjectOf(troopName, `${count} in the troop feed`),
    paragraphs,
    appUrl: input.feedUrl,
    reason: 'digest',
  });
}
