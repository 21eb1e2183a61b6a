import { Avatar as RadixAvatar } from 'radix-ui';
import { cx } from './cx.ts';

type Size = 'sm' | 'md' | 'lg' | 'xl';

const sizes: Record<Size, string> = {
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-16 text-xl',
  xl: 'size-24 text-3xl sm:size-28',
};

export interface AvatarProps {
  src?: string | null;
  initials: string;
  size?: Size;
  className?: string;
}

/**
 * The name of a control the avatar fills: its initials first, as they may be all it shows, so a
 * voice user who says what they see ("click A S") reaches it (WCAG 2.5.3, label in name).
 */
export const avatarControlName = (initials: string, label: string) =>
  initials ? `${initials}: ${label}` : label;

/**
 * The user's picture when there is one, else their initials. The surrounding control names it,
 * with avatarControlName.
 */
export function Avatar({ src, initials, size = 'md', className }: AvatarProps) {
  return (
    <RadixAvatar.Root
      className={cx(
        'inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full',
        'bg-trail-400 font-bold text-scout-950 ring-2 ring-white',
        sizes[size],
        className,
      )}
    >
      {src ? <RadixAvatar.Image src={src} alt="" className="size-full object-cover" /> : null}
      <RadixAvatar.Fallback delayMs={src ? 400 : 0} aria-hidden="true">
        {initials}
      </RadixAvatar.Fallback>
    </RadixAvatar.Root>
  );
}
