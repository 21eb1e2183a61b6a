/**
 * The two small pages of an unsubscribe link: "turn off X?" with one button (GET, which never
 * changes anything: mail scanners open links), and "done" after the POST. No script; the
 * button posts to the same address, so RFC 8058 one-click clients and people take one path.
 */
import { PRODUCT_NAME } from '@scout/protocol/limits';
import {
  NOTIFICATION_KIND_LABELS,
  type NotificationKind,
} from '@scout/protocol/notification-settings';
import { escapeHtml } from '../mail/templates.ts';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - ${escapeHtml(PRODUCT_NAME)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1f2937}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#1d4ed8;color:#fff;cursor:pointer}
a{color:#1d4ed8}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const kindText = (kind: NotificationKind) => NOTIFICATION_KIND_LABELS[kind].toLowerCase();

/** `action` is the request's own path and query (the token), posted back unchanged. */
export function confirmPage(kind: NotificationKind, action: string): string {
  return page(
    'Unsubscribe',
    `<p>Stop emails about ${escapeHtml(kindText(kind))} from ${escapeHtml(PRODUCT_NAME)}?</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
  );
}

/** What still comes after an unsubscribe: a mention of the member, whatever their choice. */
const STILL_COMING: Partial<Record<NotificationKind, string>> = {
  social: ', except when someone mentions you',
};

export function donePage(kind: NotificationKind, profileUrl: string): string {
  return page(
    'You are unsubscribed',
    `<p>You will get no more emails about ${escapeHtml(kindText(kind))}${escapeHtml(STILL_COMING[kind] ?? '')}.</p>
<p>You can turn them on again under Notifications on your profile in <a href="${escapeHtml(profileUrl)}">${escapeHtml(PRODUCT_NAME)}</a>.</p>`,
  );
}
