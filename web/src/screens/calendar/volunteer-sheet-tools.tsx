/**
 * A leader's tools on an event's sheet (volunteer.manage): one nudge a day by mail to the adults
 * holding no place, while some slot has a place left, and the sheet's CSV export.
 */
import { useState } from 'react';
import type { WireVolunteerSheet } from '@scout/protocol/volunteer';
import { failureMessage } from '../../lib/failure-message.ts';
import { saveFile } from '../../lib/save-file.ts';
import { scout, troopTimeZone } from '../../lib/sdk.ts';
import { nudgeFailureText, nudgeSentText } from '../../lib/volunteer-leader-text.ts';
import { Button } from '../../ui/button.tsx';
import { FormMessage } from '../../ui/form-message.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast.tsx';

export function SheetTools({ sheet, name }: { sheet: WireVolunteerSheet; name: string }) {
  const [busy, setBusy] = useState<'nudge' | 'csv' | null>(null);
  const [said, setSaid] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const occurrence = sheet.occurrence || undefined;
  const nudge = async () => {
    setBusy('nudge');
    setSaid(null);
    try {
      setSaid({
        tone: 'success',
        text: nudgeSentText(await scout.volunteer.nudge(sheet.eventId, occurrence)),
      });
    } catch (err) {
      setSaid({ tone: 'error', text: nudgeFailureText(err, troopTimeZone) });
    } finally {
      setBusy(null);
    }
  };
  const exportCsv = async () => {
    setBusy('csv');
    try {
      saveFile(await scout.volunteer.exportCsv(sheet.eventId, occurrence));
    } catch (err) {
      toast.error(failureMessage(err, 'Could not export the sign-up sheet.'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="mt-2 space-y-1">
      <div className="flex flex-wrap gap-1.5">
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Nudge for empty slots: ${name}`}
          disabled={busy !== null}
          onClick={() => void nudge()}
        >
          {busy === 'nudge' ? <Spinner className="size-4" /> : null}
          Nudge for empty slots
        </Button>
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Export CSV: ${name}`}
          disabled={busy !== null}
          onClick={() => void exportCsv()}
        >
          {busy === 'csv' ? <Spinner className="size-4" /> : null}
          Export CSV
        </Button>
      </div>
      {said ? <FormMessage tone={said.tone}>{said.text}</FormMessage> : null}
    </div>
  );
}
