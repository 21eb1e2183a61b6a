/** The details under an event's name: where (with a map link), what, its link, a move and a cancellation. */
import { formatEventDate } from '../../lib/event-format.ts';
import type { CalendarEvent } from './calendar-event.ts';
import { ExternalLinkIcon } from './calendar-icons.tsx';
import { safeHref } from './event-link.ts';
import { descriptionParts, mapHref } from './event-text.ts';
import { movedFrom } from './moved-from.ts';

const linkClass =
  'font-medium text-scout-700 underline decoration-scout-300 underline-offset-2 hover:text-scout-900 hover:decoration-scout-700';

export function EventLocation({ location }: { location: string }) {
  return (
    <p className="mt-1 text-sm break-words text-stone-700">
      <span className="font-medium">Where:</span> {location}{' '}
      <a
        href={mapHref(location)}
        target="_blank"
        rel="noopener noreferrer"
        className={`inline-flex items-center gap-1 ${linkClass}`}
      >
        Map
        <ExternalLinkIcon className="size-3.5 shrink-0" />
        <span className="sr-only">of {location} on OpenStreetMap (opens in a new tab)</span>
      </a>
    </p>
  );
}

/** Plain text: React escapes it, line breaks are kept by CSS, web addresses become links. */
export function EventDescription({ text }: { text: string }) {
  return (
    <p className="mt-1 text-sm break-words whitespace-pre-line text-stone-700">
      {descriptionParts(text).map((part, i) =>
        part.kind === 'link' ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClass}
          >
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

export function CancelledNote({ reason }: { reason: string | null }) {
  return (
    <p className="mt-1 inline-flex rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200">
      {reason ? `Cancelled: ${reason}` : 'Cancelled'}
    </p>
  );
}

/** "Moved from Tue, Dec 22, 2026" on a meeting of a series moved to another day; else nothing. */
export function MovedFromNote({
  event,
}: {
  event: Pick<CalendarEvent, 'eventDate' | 'occurrence'>;
}) {
  const from = movedFrom(event);
  if (!from) return null;
  return (
    <p className="mt-1 text-sm font-medium text-amber-900">
      Moved from <time dateTime={from}>{formatEventDate(from)}</time>
    </p>
  );
}

/**
 * Only http(s) becomes a link: a javascript: or data: href would run in every member's session.
 * Anything else stays inert text. New tab without opener or referrer: the page is someone else's.
 */
export function EventLink({ link }: { link: string }) {
  const href = safeHref(link);
  if (!href) return <p className="mt-1 text-sm break-all text-stone-600">{link}</p>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="mt-1 inline-flex max-w-full items-center gap-1.5 text-sm font-medium text-scout-700 underline decoration-scout-300 underline-offset-2 hover:text-scout-900 hover:decoration-scout-700"
    >
      <span className="truncate">{link}</span>
      <ExternalLinkIcon className="size-3.5 shrink-0" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
