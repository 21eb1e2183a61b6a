/**
 * The create form's rules (docs/product.md section 5): name (trimmed), date and time required, link optional
 * and a web address. Checked in the browser before anything is sent, by the rules and in the
 * words the server checks again with (protocol/src/event-fields.ts).
 */
import type { NewEventInput } from './calendar-event.ts';
import { deadlineInputValue, readCapacity, readDeadline, RSVP_FORM_MESSAGES } from './rsvp-form.ts';
import {
  checkEventLink,
  EVENT_FIELD_MESSAGES,
  eventEndProblem,
  isEventCategory,
  isEventDate,
  isEventTime,
  readEventDescription,
  readEventLocation,
  readEventName,
} from '@scout/protocol/event-fields';

export interface EventFormValues {
  eventName: string;
  eventDate: string;
  eventTime: string;
  hyperlink: string;
  /** 'true' when the event takes whole days (no times), else ''. */
  allDay: string;
  /** Optional last day, for an event over several days. */
  endDate: string;
  /** Optional; on the last day, after the start. */
  endTime: string;
  location: string;
  description: string;
  /** One of EVENT_CATEGORIES, or '' for none. */
  category: string;
  /** `YYYY-MM-DDTHH:mm` on this device's clock, or '' for no RSVP deadline. */
  rsvpDeadline: string;
  /** People going at most, or '' for no limit. */
  capacity: string;
  /**
   * 'true' when the troop's families get the "New event" mail, '' when the event is created
   * quietly (docs/decisions/064-notice-batches.md). Only a new event asks; an edit keeps 'true'.
   */
  notify: string;
}

export type EventFormField = keyof EventFormValues;
export type EventFormErrors = Partial<Record<EventFormField, string>>;

export const emptyEventForm: EventFormValues = {
  eventName: '',
  eventDate: '',
  eventTime: '',
  hyperlink: '',
  allDay: '',
  endDate: '',
  endTime: '',
  location: '',
  description: '',
  category: '',
  rsvpDeadline: '',
  capacity: '',
  notify: 'true',
};

export const EVENT_FORM_MESSAGES = { ...EVENT_FIELD_MESSAGES, ...RSVP_FORM_MESSAGES } as const;
const M = EVENT_FORM_MESSAGES;

/** A time input sends `HH:mm`, or `HH:mm:ss` with a seconds step; the event keeps `HH:mm`. */
const timeOfInput = (text: string) => text.trim().replace(/^(\d{2}:\d{2}):\d{2}(?:\.\d+)?$/, '$1');

/**
 * What a valid form hands over: the event, with `notify: false` when it is created without
 * telling families. Sent as the row's `notify` column; left out otherwise, so the server's
 * default (tell them) holds.
 */
export type EventFormInput = NewEventInput & { notify?: false };

export type EventFormResult =
  { ok: true; input: EventFormInput } | { ok: false; errors: EventFormErrors };

export function validateEventForm(values: EventFormValues): EventFormResult {
  const errors: EventFormErrors = {};
  const name = readEventName(values.eventName);
  if (!name.ok) errors.eventName = name.message;

  const eventDate = values.eventDate.trim();
  if (!eventDate) errors.eventDate = M.dateRequired;
  else if (!isEventDate(eventDate)) errors.eventDate = M.dateInvalid;

  const allDay = values.allDay === 'true';
  const eventTime = allDay ? '' : timeOfInput(values.eventTime);
  if (!allDay && !eventTime) errors.eventTime = M.timeRequired;
  else if (!allDay && !isEventTime(eventTime)) errors.eventTime = M.timeInvalid;

  const endDateText = values.endDate.trim();
  if (endDateText && !isEventDate(endDateText)) errors.endDate = M.endDateInvalid;
  const endDate = endDateText && endDateText !== eventDate ? endDateText : null;
  const endTime = allDay ? '' : timeOfInput(values.endTime);
  if (endTime && !isEventTime(endTime)) errors.endTime = M.endTimeInvalid;
  if (!errors.eventDate && !errors.endDate && !errors.endTime) {
    const end = eventEndProblem({
      date: eventDate,
      time: errors.eventTime ? null : eventTime,
      allDay,
      endDate,
      endTime: endTime || null,
    });
    if (end) errors[end.field] = end.message;
  }

  const link = checkEventLink(values.hyperlink);
  if (!link.ok) errors.hyperlink = link.message;
  const location = readEventLocation(values.location);
  if (!location.ok) errors.location = location.message;
  const description = readEventDescription(values.description);
  if (!description.ok) errors.description = description.message;
  const category = isEventCategory(values.category) ? values.category : null;

  const deadline = readDeadline(values.rsvpDeadline);
  if (!deadline.ok) errors.rsvpDeadline = M.deadlineInvalid;
  const capacity = readCapacity(values.capacity);
  if (!capacity.ok) errors.capacity = M.capacityInvalid;

  if (
    Object.keys(errors).length > 0 ||
    !name.ok ||
    !link.ok ||
    !location.ok ||
    !description.ok ||
    !deadline.ok ||
    !capacity.ok
  )
    return { ok: false, errors };
  return {
    ok: true,
    input: {
      eventName: name.value,
      eventDate,
      eventTime,
      hyperlink: link.value,
      allDay,
      endDate,
      endTime: endTime || null,
      location: location.value,
      description: description.value,
      category,
      rsvpDeadline: deadline.value,
      capacity: capacity.value,
      ...(values.notify === 'true' ? {} : { notify: false as const }),
    },
  };
}

/** What the rules find wrong with the values, by field; nothing when they may be sent. */
export function eventFormProblems(values: EventFormValues): EventFormErrors {
  const result = validateEventForm(values);
  return result.ok ? {} : result.errors;
}

/** An event's values as the form shows them, for editing it in the same dialog. */
export function formValuesOf(event: {
  eventName: string;
  eventDate: string;
  eventTime: string;
  hyperlink: string | null;
  allDay: boolean;
  endDate: string | null;
  endTime: string | null;
  location: string | null;
  description: string | null;
  category: string | null;
  rsvpDeadline?: string | null;
  capacity?: number | null;
}): EventFormValues {
  return {
    eventName: event.eventName,
    eventDate: event.eventDate,
    eventTime: event.eventTime,
    hyperlink: event.hyperlink ?? '',
    allDay: event.allDay ? 'true' : '',
    endDate: event.endDate ?? '',
    endTime: event.endTime ?? '',
    location: event.location ?? '',
    description: event.description ?? '',
    category: event.category ?? '',
    rsvpDeadline: deadlineInputValue(event.rsvpDeadline ?? null),
    capacity: event.capacity ? String(event.capacity) : '',
    notify: 'true',
  };
}
