import { useState, type ReactNode } from 'react';
import { failureMessage } from '../../lib/failure-message.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormMessage } from '../../ui/form-message.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast.tsx';
import { CopyField } from '../../ui/copy-field.tsx';
import { CopyIcon } from './calendar-icons.tsx';
import { useCalendarFeedUrl, useResetCalendarFeedUrl } from './use-calendar-feed.ts';

export const SUBSCRIBE_INSTRUCTIONS =
  'Add this address to Google, Apple or Outlook calendar to see troop events on your phone.';

interface SubscribeDialogProps {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog; focus returns to it on close. */
  trigger: ReactNode;
}

export function SubscribeDialog({ userId, open, onOpenChange, trigger }: SubscribeDialogProps) {
  const feed = useCalendarFeedUrl(userId, open);
  const reset = useResetCalendarFeedUrl(userId);
  const [confirming, setConfirming] = useState(false);

  const confirmReset = () =>
    reset.mutate(undefined, {
      onSuccess: () => toast.success('Subscription link reset. The old link no longer works.'),
      onError: (err) => toast.error(failureMessage(err, 'Could not reset the subscription link.')),
      onSettled: () => setConfirming(false),
    });

  return (
    <Dialog
      trigger={trigger}
      open={open}
      onOpenChange={onOpenChange}
      title="Subscribe to the troop calendar"
      description={SUBSCRIBE_INSTRUCTIONS}
    >
      {feed.isPending ? (
        <div role="status" className="flex items-center gap-3 py-6 text-sm text-stone-700">
          <Spinner className="size-5 text-scout-700" />
          Loading your subscription link...
        </div>
      ) : feed.isError ? (
        <div className="space-y-3">
          <FormMessage tone="error">
            {failureMessage(feed.error, 'Could not load your subscription link.')}
          </FormMessage>
          <Button variant="secondary" onClick={() => void feed.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="space-y-3">
          <CopyField
            icon={<CopyIcon className="size-4" />}
            label="Calendar link (https)"
            value={feed.data.httpsUrl}
          />
          <CopyField
            icon={<CopyIcon className="size-4" />}
            label="Calendar app link (webcal)"
            value={feed.data.webcalUrl}
          />
          <p className="text-sm text-stone-700">
            {/* Our own server's address: on a phone, webcal opens straight in the calendar app. */}
            <a
              href={feed.data.webcalUrl}
              className="font-medium text-scout-700 underline underline-offset-2 hover:text-scout-900"
            >
              Open in my calendar app
            </a>
          </p>
          <div className="mt-2 rounded-xl border border-stone-200 bg-stone-50 p-4">
            <p className="text-sm text-stone-700">
              This link is private to you: anyone who has it can see the troop calendar. If it was
              shared by mistake, reset it and add the new link to your calendar.
            </p>
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              trigger={
                <Button variant="secondary" size="sm" className="mt-3">
                  Reset link
                </Button>
              }
              title="Reset your subscription link?"
              description="The current link stops working at once. Calendars subscribed to it stop getting troop events until you add the new link."
              confirmLabel="Reset link"
              busyLabel="Resetting..."
              busy={reset.isPending}
              onConfirm={confirmReset}
            />
          </div>
        </div>
      )}
    </Dialog>
  );
}
