import { useId, useState } from 'react';
import { Link } from 'wouter';
import { eventPath } from '@scout/protocol/app-paths';
import { failureMessage } from '../../lib/failure-message.ts';
import { formatEventDate } from '../../lib/event-format.ts';
import { scout } from '../../lib/sdk.ts';
import { useUnfilledSlots } from '../../lib/volunteer-query.ts';
import { placesText } from '../../lib/volunteer-text.ts';
import { Button } from '../../ui/button.tsx';
import { Panel } from '../../ui/panel.tsx';
import { toast } from '../../ui/toast.tsx';
import { PanelNote } from './slot-facts.tsx';
import { saveFile } from '../../lib/save-file.ts';

/** For leaders: per upcoming event, the slots still short of people, and the event's CSV export. */
export function UnfilledPanel({ userId }: { userId: string }) {
  const headingId = useId();
  const unfilled = useUnfilledSlots(userId, true);
  const [exporting, setExporting] = useState<string | null>(null);
  const exportCsv = (eventId: string, occurrence: string) => {
    const key = `${eventId}/${occurrence}`;
    setExporting(key);
    scout.volunteer
      .exportCsv(eventId, occurrence || undefined)
      .then(saveFile, (err: unknown) =>
        toast.error(failureMessage(err, 'Could not export the sign-up sheet.')),
      )
      .finally(() => setExporting((k) => (k === key ? null : k)));
  };
  return (
    <Panel headingId={headingId} title="Unfilled slots">
      {unfilled.isPending ? (
        <PanelNote>Loading unfilled slots...</PanelNote>
      ) : unfilled.isError ? (
        <PanelNote alert>Could not load the unfilled slots.</PanelNote>
      ) : unfilled.data.length === 0 ? (
        <PanelNote>Every slot at upcoming events has its people.</PanelNote>
      ) : (
        <ul className="mt-3 space-y-4">
          {unfilled.data.map((e) => (
            <li
              key={`${e.eventId}/${e.occurrence}`}
              className="rounded-xl border border-stone-200 p-3"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="min-w-0 text-sm font-bold break-words text-stone-900">
                  <Link
                    href={eventPath(e.eventId, e.occurrence || undefined)}
                    className="text-scout-700 underline decoration-scout-300 underline-offset-2 hover:text-scout-900"
                  >
                    {e.eventName}
                  </Link>
                  <span className="ml-1.5 font-normal text-stone-600">
                    {formatEventDate(e.date)} · {e.placesLeft} open
                  </span>
                </h3>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Export CSV: ${e.eventName}, ${formatEventDate(e.date)}`}
                  disabled={exporting === `${e.eventId}/${e.occurrence}`}
                  onClick={() => exportCsv(e.eventId, e.occurrence)}
                >
                  Export CSV
                </Button>
              </div>
              <ul className="mt-2 space-y-1 text-sm text-stone-700">
                {e.slots.map((s) => (
                  <li key={s.slotId} className="flex justify-between gap-3">
                    <span className="min-w-0 break-words">{s.title}</span>
                    <span className="shrink-0 text-stone-600">{placesText(s.taken, s.people)}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
