import type { ComponentType } from 'react';
import { Avatar, avatarControlName } from './avatar.tsx';
import {
  DropdownContent,
  DropdownItem,
  DropdownLabel,
  DropdownRoot,
  DropdownSeparator,
  DropdownTrigger,
} from './dropdown.tsx';
import { ChevronDownIcon, type IconProps } from './icons.tsx';

export interface AccountMenuItem {
  label: string;
  icon: ComponentType<IconProps>;
  onSelect: () => void;
}

export interface AccountMenuProps {
  name: string;
  email: string;
  avatarUrl?: string | null;
  initials: string;
  items: readonly AccountMenuItem[];
}

/** The header's account menu: who is signed in, then the actions the screen offers them. */
export function AccountMenu({ name, email, avatarUrl, initials, items }: AccountMenuProps) {
  return (
    <DropdownRoot modal={false}>
      <DropdownTrigger asChild>
        <button
          type="button"
          aria-label={avatarControlName(initials, 'Account menu')}
          className="group inline-flex shrink-0 cursor-pointer items-center gap-1.5 rounded-full p-0.5 text-scout-100 transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          <Avatar src={avatarUrl} initials={initials} />
          <ChevronDownIcon className="hidden size-4 transition-transform group-data-[state=open]:rotate-180 md:block" />
        </button>
      </DropdownTrigger>
      <DropdownContent>
        <DropdownLabel>
          <p className="truncate text-sm font-semibold text-stone-900">{name}</p>
          <p className="truncate text-sm text-stone-600">{email}</p>
        </DropdownLabel>
        <DropdownSeparator />
        {items.map(({ label, icon: ItemIcon, onSelect }) => (
          <DropdownItem key={label} onSelect={onSelect}>
            <ItemIcon className="size-4 text-stone-600" />
            {label}
          </DropdownItem>
        ))}
      </DropdownContent>
    </DropdownRoot>
  );
}
