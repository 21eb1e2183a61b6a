import { useRef, type ChangeEvent } from 'react';
import type { WireUser } from '@scout/protocol/auth';
import { initialsOf } from '@scout/protocol/user-display';
import { Avatar, avatarControlName } from '../../ui/avatar.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/spinner.tsx';

interface AvatarPickerProps {
  user: WireUser;
  busy: boolean;
  onPick: (file: File) => void;
}

/**
 * The picture is a button that opens the file chooser; the file input itself stays out of sight
 * and out of the tab order, so keyboard and screen-reader users meet one control, not two.
 */
export function AvatarPicker({ user, busy, onPick }: AvatarPickerProps) {
  const input = useRef<HTMLInputElement>(null);

  const picked = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared so that choosing the same file again still reports a change.
    e.target.value = '';
    if (file) onPick(file);
  };

  return (
    <div className="relative shrink-0">
      <button
        type="button"
        aria-label={avatarControlName(initialsOf(user), 'Change avatar')}
        aria-describedby="avatar-hint"
        disabled={busy}
        onClick={() => input.current?.click()}
        className="group relative block cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-scout-600 disabled:cursor-wait"
      >
        <Avatar
          src={user.avatarUrl}
          initials={initialsOf(user)}
          size="xl"
          className="shadow-md ring-4"
        />
        <span
          aria-hidden="true"
          className="absolute inset-0 flex items-center justify-center rounded-full bg-scout-950/0 text-white opacity-0 transition group-hover:bg-scout-950/45 group-hover:opacity-100 group-focus-visible:bg-scout-950/45 group-focus-visible:opacity-100"
        >
          <CameraIcon />
        </span>
        {busy ? (
          <span
            aria-hidden="true"
            className="absolute inset-0 flex items-center justify-center rounded-full bg-scout-950/55 text-white"
          >
            <Spinner className="size-8" />
          </span>
        ) : null}
        <span
          aria-hidden="true"
          className="absolute right-0 bottom-0 flex size-8 items-center justify-center rounded-full bg-scout-700 text-white shadow ring-2 ring-white"
        >
          <CameraIcon small />
        </span>
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        aria-label="Avatar image"
        hidden
        onChange={picked}
      />
    </div>
  );
}

function CameraIcon({ small = false }: { small?: boolean }) {
  return (
    <Icon className={small ? 'size-4' : 'size-7'}>
      <path d="M4 8a2 2 0 0 1 2-2h1.5l1.5-2h6l1.5 2H18a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2z" />
      <circle cx="12" cy="13" r="3.5" />
    </Icon>
  );
}
