import { useRef, type ComponentType } from 'react';
import { cx } from './cx.ts';
import { DropdownContent, DropdownItem, DropdownRoot, DropdownTrigger } from './dropdown.tsx';
import { Icon, type IconProps } from './icons.tsx';
import { Spinner } from './spinner.tsx';

export interface MenuAction {
  /** The menu item's name, short: the button already names what it acts on. */
  label: string;
  icon: ComponentType<IconProps>;
  onSelect: () => void;
  disabled?: boolean;
  /** Its icon drawn in red: the action removes something. */
  danger?: boolean;
}

export interface MenuButtonProps {
  /** The button's accessible name, naming what the actions act on: "More actions: Campout". */
  label: string;
  actions: readonly MenuAction[];
  /** Something the menu started is under way: the button shows it turning. */
  busy?: boolean;
  className?: string;
}

const DotsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 12h.01M12 12h.01M19 12h.01" strokeWidth={3} />
  </Icon>
);

/**
 * A small "..." button that opens a menu of secondary actions (arrow keys move, Escape closes
 * and gives focus back to the button). A chosen action runs once the menu has closed and focus
 * is back on the button, so a dialog it opens returns focus there and not to a menu that is
 * gone.
 */
export function MenuButton({ label, actions, busy = false, className }: MenuButtonProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const chosen = useRef<(() => void) | null>(null);
  return (
    <DropdownRoot modal={false}>
      <DropdownTrigger asChild>
        <button
          ref={trigger}
          type="button"
          aria-label={label}
          className={cx(
            'inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-md border border-stone-300 bg-white text-stone-700 shadow-sm transition-colors',
            'hover:border-scout-600 hover:bg-scout-50 hover:text-scout-800 data-[state=open]:border-scout-600 data-[state=open]:bg-scout-50',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-scout-600',
            className,
          )}
        >
          {busy ? <Spinner className="size-4" /> : <DotsIcon className="size-4" />}
        </button>
      </DropdownTrigger>
      <DropdownContent
        onCloseAutoFocus={(e) => {
          const run = chosen.current;
          chosen.current = null;
          if (!run) return;
          e.preventDefault();
          trigger.current?.focus();
          run();
        }}
      >
        {actions.map(({ label: item, icon: ItemIcon, onSelect, disabled, danger }) => (
          <DropdownItem
            key={item}
            disabled={disabled}
            onSelect={() => {
              chosen.current = onSelect;
            }}
          >
            <ItemIcon className={cx('size-4', danger ? 'text-red-700' : 'text-stone-600')} />
            {item}
          </DropdownItem>
        ))}
      </DropdownContent>
    </DropdownRoot>
  );
}
