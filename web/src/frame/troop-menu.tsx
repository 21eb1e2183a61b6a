import type { WireUser } from '@scout/protocol/auth';
import { projectId } from '../lib/sdk.ts';
import {
  DropdownContent,
  DropdownLabel,
  DropdownRadioGroup,
  DropdownRadioItem,
  DropdownRoot,
  DropdownSeparator,
  DropdownTrigger,
} from '../ui/dropdown.tsx';
import { ChevronDownIcon } from '../ui/icons.tsx';
import { useHeaderTroop } from './use-troops.ts';

/**
 * The troop under the product's name in the header: its name, and for a person in several
 * troops a menu of them to switch to. Nothing while the troop has no name and the person has
 * one troop, as a one-troop server always looked.
 */
export function TroopName({ user }: { user: WireUser }) {
  const { name, switcher, switchTo } = useHeaderTroop(user);
  if (!switcher)
    return name ? <p className="truncate text-xs font-medium text-scout-100">{name}</p> : null;
  return (
    <DropdownRoot modal={false}>
      <DropdownTrigger asChild>
        <button
          type="button"
          className="group -ml-1 inline-flex max-w-full cursor-pointer items-center gap-1 rounded px-1 text-xs font-medium text-scout-100 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
        >
          <span className="sr-only">Switch troop, now in </span>
          <span className="truncate">{switcher.current}</span>
          <ChevronDownIcon className="size-3.5 shrink-0 transition-transform group-data-[state=open]:rotate-180" />
        </button>
      </DropdownTrigger>
      <DropdownContent align="start">
        <DropdownLabel>
          <p className="text-sm font-semibold text-stone-900">Your troops</p>
        </DropdownLabel>
        <DropdownSeparator />
        <DropdownRadioGroup value={projectId} onValueChange={switchTo}>
          {switcher.choices.map((choice) => (
            <DropdownRadioItem key={choice.projectId} value={choice.projectId}>
              <span className="min-w-0 flex-1 truncate">{choice.label}</span>
              <span className="text-xs font-normal text-stone-500">{choice.role}</span>
            </DropdownRadioItem>
          ))}
        </DropdownRadioGroup>
      </DropdownContent>
    </DropdownRoot>
  );
}
