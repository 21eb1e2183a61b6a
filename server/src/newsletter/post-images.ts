/**
 * A post's images on their way to a reader (docs/decisions/081-newsletter-posts.md, Images).
 * A rendered post names each image by its stored path (allow-list.ts), which opens nothing by
 * itself: the troop area is not public. In the app each is replaced by a signed link for the
 * hour the reader has the post open; in the mail each travels inside the message (Content-ID),
 * so no mail program fetches anything and no address of a child's photo leaves the troop.
 * Both work on the sanitiser's output, where every attribute value is double-quoted and holds
 * no `"`, `<` or `>`, so a tag and its `src` are found by their exact shape.
 */
import {
  NEWSLETTER_MAIL_MAX_IMAGE_BYTES,
  NEWSLETTER_MAIL_MAX_IMAGES,
} from '@scout/protocol/newsletter';
import type { MailInlineImage } from '../mail/mailer.ts';
import type { FileStore } from '../storage/file-store.ts';
import { fileUrl, type StorageContext } from '../storage/storage-context.ts';
import { storedKey } from '../storage/troop-files.ts';
import type { Troop } from '../store/tenancy.ts';
import { storagePrefix, storedImagePath } from './url-policy.ts';

const IMG_TAG = /<img\b[^>]*>/g;
// The allow-list writes `src` first (allow-list.ts), so a `src=` inside another value is never read.
const SRC = /^<img src="([^"]*)"/;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Every `<img>` of `html`, replaced by what `change` makes of its `src` (null: the tag goes).
 * A tag of another shape stays (`keep`) or goes.
 */
function eachImage(
  html: string,
  change: (src: string) => string | null,
  otherShape: 'keep' | 'drop',
): string {
  return html.replace(IMG_TAG, (tag) => {
    const src = SRC.exec(tag)?.[1];
    if (src === undefined) return otherShape === 'keep' ? tag : '';
    const next = change(src);
    if (next === null) return '';
    return tag.replace(SRC, () => `<img src="${escapeAttribute(next)}"`);
  });
}

type Part = { html: string } | { event: { id: string; date?: string } };

/**
 * The post's app HTML (or its parts) with each of its troop's images as a signed link (an hour,
 * storage/signed-urls.ts). `ctx` is the storage of the troop the post belongs to, a council's
 * for a council post: `storageContextOf(deps, postTroop)`. Any other `src` is left as it is.
 */
export function signPostImages(html: string, ctx: StorageContext): string;
export function signPostImages<P extends Part>(parts: P[], ctx: StorageContext): P[];
export function signPostImages(content: string | Part[], ctx: StorageContext): string | Part[] {
  const sign = (html: string) =>
    eachImage(
      html,
      (src) =>
        storedImagePath(src, ctx.projectId)
          ? fileUrl(ctx, src.slice(storagePrefix(ctx.projectId).length))
          : src,
      'keep',
    );
  if (typeof content === 'string') return sign(content);
  return content.map((part) => ('html' in part ? { ...part, html: sign(part.html) } : part));
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

export interface InlinedMail {
  html: string;
  /** For the message's `inlineImages` (mail/mailer.ts), each once, in the order first shown. */
  attachments: MailInlineImage[];
}

/** The object's bytes, or null when it is gone or larger than `max`. */
async function readObject(files: FileStore, key: string, max: number): Promise<Buffer | null> {
  const object = await files.open(key);
  if (!object) return null;
  if (object.size > max) {
    object.stream.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * The post's mail HTML with each of its troop's images as `cid:` and the images to attach.
 * Every other `<img>` is taken out, as is an image whose file is gone or that would take the
 * mail past NEWSLETTER_MAIL_MAX_IMAGES or NEWSLETTER_MAIL_MAX_IMAGE_BYTES: the post in the app
 * still shows it. `troop` is the post's troop (the council's for a council post).
 */
export async function inlineMailImages(
  mailHtml: string,
  troop: Pick<Troop, 'id' | 'projectId'>,
  files: FileStore,
): Promise<InlinedMail> {
  const prefix = storagePrefix(troop.projectId);
  const cids = new Map<string, string | null>();
  const attachments: MailInlineImage[] = [];
  let bytes = 0;
  for (const [tag] of mailHtml.matchAll(IMG_TAG)) {
    const src = SRC.exec(tag)?.[1];
    if (src === undefined || cids.has(src)) continue;
    if (
      !storedImagePath(src, troop.projectId) ||
      attachments.length >= NEWSLETTER_MAIL_MAX_IMAGES
    ) {
      cids.set(src, null);
      continue;
    }
    const path = src.slice(prefix.length);
    const key = storedKey(troop.id, path);
    const content = key && (await readObject(files, key, NEWSLETTER_MAIL_MAX_IMAGE_BYTES - bytes));
    if (!content) {
      cids.set(src, null);
      continue;
    }
    const name = path.slice(path.lastIndexOf('/') + 1);
    const [hex = '', ext = ''] = name.split('.');
    const cid = `${hex}@newsletter.image`;
    bytes += content.length;
    attachments.push({
      cid,
      filename: name,
      contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
      content,
    });
    cids.set(src, cid);
  }
  const html = eachImage(
    mailHtml,
    (src) => {
      const cid = cids.get(src);
      return cid ? `cid:${cid}` : null;
    },
    'drop',
  );
  return { html, attachments };
}
