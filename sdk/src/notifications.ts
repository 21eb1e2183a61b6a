/**
 * Email notifications (docs/protocol.md, Mail and the calendar feed): one POST to `/api/notifications/{projectId}/email`.
 * The message is checked before it is sent (docs/product.md section 5: to, subject and html or text), and
 * every failure is a ScoutError of kind `notifications`. Sending is never retried on its own:
 * a second attempt after a lost answer could deliver the email twice.
 */
import { EMAIL_PATTERN } from '@scout/protocol/auth';
import type { WireNotificationSettings } from '@scout/protocol/notification-settings';
import { isRecord } from './browser.ts';
import { ScoutError, asKind } from './errors.ts';
import type { HttpClient } from './http.ts';

export type Recipients = string | readonly string[];

export interface EmailMessage {
  to: Recipients;
  subject: string;
  html?: string;
  text?: string;
  from?: string;
  replyTo?: string;
  cc?: Recipients;
  bcc?: Recipients;
}

export interface EmailResult {
  success: true;
  messageId: string;
}

/** Which event mails the signed-in member gets (docs/protocol.md, Notification settings). */
export type NotificationSettings = WireNotificationSettings;

export interface NotificationsClient {
  email(message: EmailMessage, options?: { signal?: AbortSignal }): Promise<EmailResult>;
  /** The signed-in member's notification settings (defaults until they save any). */
  getSettings(): Promise<NotificationSettings>;
  /** Saves all four settings; reminderHours is 1 to 168. Answers what was stored. */
  updateSettings(settings: NotificationSettings): Promise<NotificationSettings>;
}

function invalid(message: string): ScoutError {
  return new ScoutError({
    kind: 'notifications',
    code: 'VALIDATION_ERROR',
    message,
    retryable: false,
  });
}

const present = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** A bare address or `Name <address>`, as mail headers allow. */
function isAddress(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const named = /<([^<>]*)>\s*$/.exec(value);
  return EMAIL_PATTERN.test((named ? named[1]! : value).trim());
}

function checkAddresses(field: string, value: unknown, required: boolean): void {
  if (value === undefined || value === null) {
    if (required) throw invalid(`Email needs a recipient (${field})`);
    return;
  }
  const list: readonly unknown[] = Array.isArray(value) ? value : [value];
  if (required && list.length === 0) throw invalid(`Email needs a recipient (${field})`);
  const bad = list.find((address) => !isAddress(address));
  if (bad !== undefined) throw invalid(`Not an email address in ${field}: ${String(bad)}`);
}

/** docs/product.md section 5: to, subject and html or text; every address must look like one. */
export function checkEmailMessage(message: EmailMessage): void {
  if (typeof message !== 'object' || message === null) throw invalid('Email needs a message');
  checkAddresses('to', message.to, true);
  if (!present(message.subject)) throw invalid('Email needs a subject');
  if (!present(message.html) && !present(message.text))
    throw invalid('Email needs an html or text body');
  checkAddresses('cc', message.cc, false);
  checkAddresses('bcc', message.bcc, false);
  checkAddresses('from', message.from, false);
  checkAddresses('replyTo', message.replyTo, false);
}

/** Re-labels an HTTP failure as a notifications error, keeping status, code and retryability. */
const toNotificationsError = (err: unknown) =>
  asKind(err, 'notifications', 'Sending the email failed');

export function createNotifications(http: HttpClient, projectId: string): NotificationsClient {
  const path = `/api/notifications/${encodeURIComponent(projectId)}/email`;
  const settingsPath = `/api/notifications/${encodeURIComponent(projectId)}/settings`;
  return {
    async getSettings() {
      return (await http.get<{ settings: NotificationSettings }>(settingsPath)).data.settings;
    },
    async updateSettings(settings) {
      const { newEvents, newEventsDigest, changes, reminders, reminderHours } = settings;
      const { newsletters, announcements, social } = settings;
      const res = await http.request<{ settings: NotificationSettings }>({
        path: settingsPath,
        method: 'PUT',
        // A choice left out (undefined) is not sent, and the server keeps the stored one.
        body: {
          newEvents,
          newEventsDigest,
          changes,
          reminders,
          reminderHours,
          newsletters,
          announcements,
          social,
        },
        // The same settings saved twice are the same settings.
        idempotent: true,
      });
      return res.data.settings;
    },
    async email(message, options = {}) {
      checkEmailMessage(message);
      const { to, subject, html, text, from, replyTo, cc, bcc } = message;
      let data: unknown;
      try {
        const res = await http.post(
          path,
          { to, subject, html, text, from, replyTo, cc, bcc },
          { signal: options.signal },
        );
        data = res.data;
      } catch (err) {
        throw toNotificationsError(err);
      }
      if (!isRecord(data) || data.success !== true) {
        throw new ScoutError({
          kind: 'notifications',
          code: 'NETWORK_ERROR',
          message: 'The server did not confirm the email was sent',
        });
      }
      return { success: true, messageId: typeof data.messageId === 'string' ? data.messageId : '' };
    },
  };
}
