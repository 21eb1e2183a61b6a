import type { ComponentProps } from 'react';
import { Tabs } from 'radix-ui';
import { cx } from './cx.ts';

export const TabsRoot = Tabs.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof Tabs.List>) {
  return (
    <Tabs.List
      className={cx('grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-stone-100 p-1', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof Tabs.Trigger>) {
  return (
    <Tabs.Trigger
      className={cx(
        'h-10 cursor-pointer rounded-lg px-3 text-sm font-semibold text-stone-700 transition-colors',
        'hover:text-scout-800 data-[state=active]:bg-white data-[state=active]:text-scout-800 data-[state=active]:shadow-sm',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-scout-600',
        'disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}

/**
 * A tab's panel. Radix makes it a tab stop of its own, which shows nothing when reached (an
 * invisible stop after the tabs): panels that hold controls need none, so it is taken out of
 * the tab order.
 */
export function TabsContent({ className, ...props }: ComponentProps<typeof Tabs.Content>) {
  return <Tabs.Content tabIndex={-1} className={cx('focus:outline-none', className)} {...props} />;
}
