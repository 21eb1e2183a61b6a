import type { ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { cx } from './cx.ts';
import { XIcon } from './icons.tsx';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** The control that opens the dialog; focus returns to it on close. */
  trigger?: ReactNode;
  /** Where focus goes on close when no trigger opened the dialog (call preventDefault to take over). */
  onCloseAutoFocus?: (event: Event) => void;
}

const FIELDS =
  'input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled)';

/**
 * A dialog opens on its first field, not on its Close button: a keyboard user who starts typing
 * (a space, Enter) must not close it and lose what was typed. Without a field, Radix's own
 * choice (the first control) stands.
 */
function focusFirstField(e: Event) {
  const field = (e.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(FIELDS);
  if (!field) return;
  e.preventDefault();
  field.focus();
}

/** A modal with a title, an optional description and a labelled close button; focus stays inside. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  trigger,
  onCloseAutoFocus,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-stone-950/50 backdrop-blur-[1px]" />
        <RadixDialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={focusFirstField}
          onCloseAutoFocus={onCloseAutoFocus}
          className={cx(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
            'overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none',
            className,
          )}
        >
          <div className="mb-5 flex items-start justify-between gap-4">
            <div>
              <RadixDialog.Title className="text-lg font-bold text-stone-900">
                {title}
              </RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm text-stone-600">
                  {description}
                </RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close
              aria-label="Close"
              className="-mt-1 -mr-2 inline-flex size-9 cursor-pointer items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100 hover:text-stone-900"
            >
              <XIcon className="size-5" />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
