import type { ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { Button } from './button.tsx';
import { useFocusReturn } from './dialog.tsx';
import { Spinner } from './spinner.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs. */
  busyLabel?: string;
  busy?: boolean;
  /** Destructive actions are red. */
  tone?: 'danger' | 'default';
  onConfirm: () => void;
  /** Where focus goes on close (call preventDefault to take over); by default, back to the opener. */
  onCloseAutoFocus?: (event: Event) => void;
  /** The control that opens the dialog; focus returns to it on close. */
  trigger?: ReactNode;
  /** A choice asked with the question (which occurrences of a series), below the description. */
  children?: ReactNode;
}

/**
 * Asks before an action that cannot be undone. An alert dialog: focus starts on Cancel, so a
 * stray Enter never confirms, and Escape or Cancel leaves everything as it was.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel,
  busy = false,
  tone = 'danger',
  onConfirm,
  onCloseAutoFocus,
  trigger,
  children,
}: ConfirmDialogProps) {
  const focus = useFocusReturn(onCloseAutoFocus);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-stone-950/50 backdrop-blur-[1px]" />
        <AlertDialog.Content
          onOpenAutoFocus={focus.rememberOpener}
          onCloseAutoFocus={focus.returnFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-bold text-stone-900">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-stone-700">
            {description}
          </AlertDialog.Description>
          {children ? <div className="mt-4">{children}</div> : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                Cancel
              </Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that closes at once, and the dialog stays until the action ends. */}
            <Button
              variant={tone === 'danger' ? 'danger' : 'primary'}
              disabled={busy}
              onClick={onConfirm}
            >
              {busy ? <Spinner className="size-4" /> : null}
              {busy && busyLabel ? busyLabel : confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
