/**
 * What the writer does with the post, by where it stands: a draft is saved, sent now (after the
 * question of whom to) or scheduled; a scheduled post shows its time and can go back to a draft;
 * a sent post is only changed, and says what its readers will see.
 */
import { useState } from 'react';
import type { NewsletterKind, NewsletterStatus } from '@scout/protocol/newsletter';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { ScheduleDialog } from './schedule-dialog.tsx';
import { scheduledFor } from './schedule-time.ts';
import type { EditorAction } from './use-post-editor.ts';

export interface EditorActionsProps {
  /** null for a post not saved yet. */
  status: NewsletterStatus | null;
  sendAt: string | null;
  kind: NewsletterKind;
  /** "the whole troop", "the patrols Eagles and Foxes" (audience-words.ts). */
  whom: string;
  timeZone: string;
  /** The write under way, if any. */
  busy: EditorAction['kind'] | null;
  /** The server's words when the last write was refused. */
  failure: string | null;
  /** Checks the fields, showing and focusing what is wrong; true when the post may go. */
  check: () => boolean;
  run: (action: EditorAction, onDone?: () => void) => void;
}

const SENDS: Record<NewsletterKind, string> = {
  newsletter:
    'Each member gets it by mail when they take their mail (at once, or in their daily or weekly digest), and in the app.',
  announcement: 'Each member gets a mail at once, and a banner in the app until they read it.',
};

export function EditorActions(props: EditorActionsProps) {
  const { status, sendAt, kind, whom, timeZone, busy, failure, check, run } = props;
  const [asking, setAsking] = useState<'send' | 'schedule' | null>(null);
  const sending = busy === 'send';
  const saveLabel = status === 'draft' || status === null ? 'Save draft' : 'Save changes';
  return (
    <div className="space-y-3 border-t border-stone-200 pt-4">
      {status === 'scheduled' && sendAt ? (
        <p role="status" className="text-sm font-semibold text-scout-900">
          {scheduledFor(sendAt, timeZone)}
        </p>
      ) : null}
      {status === 'sent' ? (
        <p className="text-sm text-stone-700">
          Members will see the new version, marked edited; the mail is not sent again.
        </p>
      ) : null}
      <div className="flex flex-col-reverse flex-wrap gap-2 sm:flex-row sm:justify-end">
        <Button type="submit" variant="secondary" disabled={busy !== null}>
          {busy === 'save' ? <Spinner className="size-4" /> : null}
          {busy === 'save' ? 'Saving...' : saveLabel}
        </Button>
        {status === 'scheduled' ? (
          <Button
            variant="secondary"
            disabled={busy !== null}
            onClick={() => run({ kind: 'unschedule' })}
          >
            {busy === 'unschedule' ? <Spinner className="size-4" /> : null}
            Unschedule
          </Button>
        ) : null}
        {status === 'sent' ? null : (
          <>
            <Button
              variant="secondary"
              disabled={busy !== null}
              aria-haspopup="dialog"
              onClick={() => (check() ? setAsking('schedule') : undefined)}
            >
              {status === 'scheduled' ? 'Change the time' : 'Schedule'}
            </Button>
            <Button
              disabled={busy !== null}
              aria-haspopup="dialog"
              onClick={() => (check() ? setAsking('send') : undefined)}
            >
              Send now
            </Button>
          </>
        )}
      </div>
      <ConfirmDialog
        open={asking === 'send'}
        onOpenChange={(open) => setAsking(open ? 'send' : null)}
        title={`Send to ${whom} now?`}
        description={SENDS[kind]}
        confirmLabel="Send now"
        busyLabel="Sending..."
        busy={sending}
        tone="default"
        onConfirm={() => run({ kind: 'send' }, () => setAsking(null))}
      >
        {failure && asking === 'send' ? (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        ) : null}
      </ConfirmDialog>
      <ScheduleDialog
        open={asking === 'schedule'}
        onOpenChange={(open) => setAsking(open ? 'schedule' : null)}
        timeZone={timeZone}
        sendAt={status === 'scheduled' ? sendAt : null}
        busy={sending}
        error={asking === 'schedule' ? failure : null}
        onSchedule={(at) => run({ kind: 'send', at }, () => setAsking(null))}
      />
    </div>
  );
}
