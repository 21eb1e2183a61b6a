/**
 * The create and edit form's RSVP fields: an optional deadline, typed as a date and time on the
 * member's own clock and sent as an instant, and an optional capacity (people going).
 */
import { EVENT_CAPACITY_MAX } from '@scout/protocol/rsvps';

export const RSVP_FORM_MESSAGES = {
  deadlineInvalid: 'Enter a date and time for the RSVP deadline',
  capacityInvalid: `Enter a whole number from 1 to ${EVENT_CAPACITY_MAX.toLocaleString('en-US')}, or leave it empty`,
} as const;

const two = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` input shows it on this device's clock; '' for none. */
export function deadlineInputValue(iso: string | null): string {
  const d = iso ? new Date(iso) : null;
  if (!d || Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** `YYYY-MM-DDTHH:mm` on this device's clock -> an ISO instant; '' -> null. */
export function readDeadline(text: string): { ok: true; value: string | null } | { ok: false } {
  const t = text.trim();
  if (t === '') return { ok: true, value: null };
  const m = LOCAL.exec(t);
  if (!m) return { ok: false };
  const [y, mo, d, h, mi] = m.slice(1, 6).map(Number) as [number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d)
    return { ok: false };
  return { ok: true, value: date.toISOString() };
}

export function readCapacity(text: string): { ok: true; value: number | null } | { ok: false } {
  const t = text.trim();
  if (t === '') return { ok: true, value: null };
  if (!/^\d{1,6}$/.test(t)) return { ok: false };
  const n = Number(t);
  return n >= 1 && n <= EVENT_CAPACITY_MAX ? { ok: true, value: n } : { ok: false };
}
