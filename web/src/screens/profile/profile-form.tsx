import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/button.tsx';
import { FormMessage } from '../../ui/form-message.tsx';
import { SelectField } from '../../ui/select.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { troopRoleOptions, type ProfileFields } from './profile-fields.ts';

interface ProfileFormProps {
  initial: ProfileFields;
  busy: boolean;
  error: string | null;
  success: string | null;
  onSubmit: (values: ProfileFields) => void;
}

export function ProfileForm({ initial, busy, error, success, onSubmit }: ProfileFormProps) {
  const [values, setValues] = useState<ProfileFields>(initial);
  const field = (name: keyof ProfileFields) => ({
    name,
    value: values[name],
    required: true,
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!busy) onSubmit(values);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Troop number"
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 42"
          {...field('troopNumber')}
        />
        <SelectField
          label="Troop role"
          options={troopRoleOptions(initial.troopRole)}
          placeholder="Select your role"
          {...field('troopRole')}
        />
      </div>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      {success ? <FormMessage tone="success">{success}</FormMessage> : null}
      <div className="flex justify-end pt-1">
        <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
          {busy ? (
            <>
              <Spinner className="size-4" />
              Saving...
            </>
          ) : (
            'Save Changes'
          )}
        </Button>
      </div>
    </form>
  );
}
