import { useRef, type ReactNode } from 'react';
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
  /** Where focus goes on close (call preventDefault to take over); by default, back to the opener. */
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

/**
 * Focus goes back to the control that opened a dialog when it closes, whether a trigger or a
 * button elsewhere on the screen opened it: without this, a dialog opened by its `open` prop
 * drops focus to the page top and a keyboard user starts over. The opener is what had focus when
 * the dialog took it; a handler of the screen's own that calls preventDefault decides instead,
 * and an opener no longer on the page (a row just removed) leaves the choice to Radix.
 */
export function useFocusReturn(onCloseAutoFocus?: (event: Event) => void) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    rememberOpener: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    returnFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const back = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !back?.isConnected) return;
      event.preventDefault();
      back.focus();
    },
  };
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
  const focus = useFocusReturn(onCloseAutoFocus);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-stone-950/50 backdrop-blur-[1px]" />
        <RadixDialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(e) => {
            focus.rememberOpener();
            focusFirstField(e);
          }}
          onCloseAutoFocus={focus.returnFocus}
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
