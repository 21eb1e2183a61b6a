/**
 * The create form's rules (docs/product.md section 5): name (trimmed), date and time required, link optional
 * and a web address. Checked in the browser before anything is sent; the server checks again.
 */
import type { NewEventInput } from './calendar-event.ts';
import { checkEventLink } from './event-link.ts';
import { parseLocalDate, parseTime } from './event-format.ts';
import { EVENT_NAME_MAX_LENGTH } from '@scout/protocol/limits';

export interface EventFormValues {
  eventName: string;
  eventDate: string;
  eventTime: string;
  hyperlink: string;
}

export type EventFormField = keyof EventFormValues;
export type EventFormErrors = Partial<Record<EventFormField, string>>;

export const emptyEventForm: EventFormValues = {
  eventName: '',
  eventDate: '',
  eventTime: '',
  hyperlink: '',
};

export const EVENT_FORM_MESSAGES = {
  nameRequired: 'Event name is required',
  nameTooLong: `Event names can be at most ${EVENT_NAME_MAX_LENGTH} characters`,
  dateRequired: 'Date is required',
  dateInvalid: 'Enter a real date',
  timeRequired: 'Time is required',
  timeInvalid: 'Enter a time such as 7:30 PM',
} as const;

export type EventFormResult =
  { ok: true; input: NewEventInput } | { ok: false; errors: EventFormErrors };

export function validateEventForm(values: EventFormValues): EventFormResult {
  const errors: EventFormErrors = {};
  const eventName = values.eventName.trim();
  if (!eventName) errors.eventName = EVENT_FORM_MESSAGES.nameRequired;
  else if (eventName.length > EVENT_NAME_MAX_LENGTH)
    errors.eventName = EVENT_FORM_MESSAGES.nameTooLong;

  const eventDate = values.eventDate.trim();
  if (!eventDate) errors.eventDate = EVENT_FORM_MESSAGES.dateRequired;
  else if (!parseLocalDate(eventDate)) errors.eventDate = EVENT_FORM_MESSAGES.dateInvalid;

  const timeText = values.eventTime.trim();
  const time = parseTime(timeText);
  if (!timeText) errors.eventTime = EVENT_FORM_MESSAGES.timeRequired;
  else if (!time) errors.eventTime = EVENT_FORM_MESSAGES.timeInvalid;

  const link = checkEventLink(values.hyperlink);
  if (!link.ok) errors.hyperlink = link.message;

  if (Object.keys(errors).length > 0 || !time || !link.ok) return { ok: false, errors };
  // A time input with a seconds step sends HH:mm:ss; the table keeps HH:mm.
  const eventTime = `${String(time[0]).padStart(2, '0')}:${String(time[1]).padStart(2, '0')}`;
  return { ok: true, input: { eventName, eventDate, eventTime, hyperlink: link.value } };
}
