import type { WireUser } from '@scout/protocol/auth';
import { firstNameOf, initialsOf } from '@scout/protocol/user-display';
import { Avatar } from '../../ui/avatar.tsx';
import {
  DropdownContent,
  DropdownItem,
  DropdownLabel,
  DropdownRoot,
  DropdownSeparator,
  DropdownTrigger,
} from '../../ui/dropdown.tsx';
import { ArrowLeftIcon, ChevronDownIcon } from '../../ui/icons.tsx';

interface CalendarUserMenuProps {
  user: WireUser;
  onBack: () => void;
}

/** The calendar's user menu (spec section 2): who is signed in, and the way back. */
export function CalendarUserMenu({ user, onBack }: CalendarUserMenuProps) {
  return (
    <DropdownRoot modal={false}>
      <DropdownTrigger asChild>
        <button
          type="button"
          aria-label="Account menu"
          className="group inline-flex shrink-0 cursor-pointer items-center gap-1.5 rounded-full p-0.5 text-scout-100 transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          <Avatar src={user.avatarUrl} initials={initialsOf(user)} />
          <ChevronDownIcon className="hidden size-4 transition-transform group-data-[state=open]:rotate-180 md:block" />
        </button>
      </DropdownTrigger>
      <DropdownContent>
        <DropdownLabel>
          <p className="truncate text-sm font-semibold text-stone-900">{firstNameOf(user)}</p>
          <p className="truncate text-sm text-stone-600">{user.email}</p>
        </DropdownLabel>
        <DropdownSeparator />
        <DropdownItem onSelect={onBack}>
          <ArrowLeftIcon className="size-4 text-stone-600" />
          Back to Dashboard
        </DropdownItem>
      </DropdownContent>
    </DropdownRoot>
  );
}
