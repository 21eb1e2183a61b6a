import { useId, useState } from 'react';
import { SOCIAL_LIMITS } from '@scout/protocol/social';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { fieldControlClass, fieldLabelClass } from '../../ui/text-field.tsx';
import { cx } from '../../ui/cx.ts';

export interface ReasonRequest {
  title: string;
  description: string;
  label: string;
  confirm: string;
  /** Resolves true when done: the dialog closes. */
  onConfirm: (reason: string) => Promise<boolean>;
}

/**
 * Asks why, before a report or a leader's hide or removal: the author and the leaders read it
 * (protocol/src/social.ts SOCIAL_REASON_REQUIRED). An empty reason is not sent.
 */
export function ReasonDialog({
  request,
  onClose,
}: {
  request: ReasonRequest | null;
  onClose: () => void;
}) {
  const fieldId = useId();
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={request?.title ?? ''}
      description={request?.description}
    >
      <form
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          const text = reason.trim();
          if (!request || !text) return;
          setSending(true);
          void request.onConfirm(text).then((ok) => {
            setSending(false);
            if (ok) close();
          });
        }}
      >
        <div>
          <label htmlFor={fieldId} className={fieldLabelClass}>
            {request?.label}
          </label>
          <textarea
            id={fieldId}
            required
            rows={3}
            maxLength={SOCIAL_LIMITS.reasonMaxChars}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            className={cx(fieldControlClass, 'h-auto py-2')}
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={sending || reason.trim() === ''}>
            {request?.confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
