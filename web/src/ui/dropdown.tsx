import type { ComponentProps } from 'react';
import { DropdownMenu } from 'radix-ui';
import { cx } from './cx.ts';

export const DropdownRoot = DropdownMenu.Root;
export const DropdownTrigger = DropdownMenu.Trigger;

/** Above toasts (ui/toast.tsx: z-60): a menu the member opened is never covered by a message. */
export function DropdownContent({
  className,
  sideOffset = 8,
  align = 'end',
  ...props
}: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        sideOffset={sideOffset}
        align={align}
        collisionPadding={8}
        className={cx(
          'z-70 min-w-56 overflow-hidden rounded-xl border border-stone-200 bg-white p-1.5 text-stone-900 shadow-lg',
          className,
        )}
        {...props}
      />
    </DropdownMenu.Portal>
  );
}

export function DropdownLabel({ className, ...props }: ComponentProps<typeof DropdownMenu.Label>) {
  return <DropdownMenu.Label className={cx('px-2.5 py-2', className)} {...props} />;
}

export function DropdownItem({ className, ...props }: ComponentProps<typeof DropdownMenu.Item>) {
  return (
    <DropdownMenu.Item
      className={cx(
        'flex cursor-pointer select-none items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm font-medium text-stone-800 outline-none',
        'data-[highlighted]:bg-scout-50 data-[highlighted]:text-scout-900 data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownSeparator({
  className,
  ...props
}: ComponentProps<typeof DropdownMenu.Separator>) {
  return <DropdownMenu.Separator className={cx('my-1 h-px bg-stone-200', className)} {...props} />;
}

export const DropdownRadioGroup = DropdownMenu.RadioGroup;

/** One of a menu's choices, of which one is current (a menuitemradio, its state read aloud). */
export function DropdownRadioItem({
  className,
  children,
  ...props
}: ComponentProps<typeof DropdownMenu.RadioItem>) {
  return (
    <DropdownMenu.RadioItem
      className={cx(
        'flex cursor-pointer select-none items-center gap-2.5 rounded-lg py-2 pr-2.5 pl-8 text-sm font-medium text-stone-800 outline-none relative',
        'data-[highlighted]:bg-scout-50 data-[highlighted]:text-scout-900 data-[state=checked]:font-semibold',
        className,
      )}
      {...props}
    >
      <DropdownMenu.ItemIndicator className="absolute left-2.5 inline-flex size-4 items-center justify-center">
        <span className="size-2 rounded-full bg-scout-700" aria-hidden="true" />
      </DropdownMenu.ItemIndicator>
      {children}
    </DropdownMenu.RadioItem>
  );
}
