import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '@scout/protocol/limits';
import { TROOP_ROLES } from '@scout/protocol/roles';
import type { SignUpFormValues } from '@scout/protocol/sign-up-form';
import { Button } from '../../ui/button.tsx';
import { ArrowLeftIcon } from '../../ui/icons.tsx';
import { SelectField } from '../../ui/select.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { FormMessage } from './form-message.tsx';
import { emptySignUpForm } from './sign-up-request.ts';

interface SignUpFormProps {
  busy: boolean;
  done: boolean;
  error: string | null;
  success: string | null;
  onSubmit: (values: SignUpFormValues) => void;
  onBack: () => void;
}

export function SignUpForm({ busy, done, error, success, onSubmit, onBack }: SignUpFormProps) {
  const [values, setValues] = useState<SignUpFormValues>(emptySignUpForm);
  const field = (name: keyof SignUpFormValues) => ({
    name,
    value: values[name],
    required: true,
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  const locked = busy || done;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!locked) onSubmit(values);
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
          options={TROOP_ROLES}
          placeholder="Select your role"
          {...field('troopRole')}
        />
      </div>
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        {...field('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        {...field('password')}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        {...field('confirmPassword')}
      />
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      {success ? <FormMessage tone="success">{success}</FormMessage> : null}
      <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row">
        <Button
          variant="secondary"
          size="lg"
          onClick={onBack}
          disabled={locked}
          className="sm:w-auto"
        >
          <ArrowLeftIcon className="size-4" />
          Back
        </Button>
        <Button type="submit" size="lg" className="sm:flex-1" disabled={locked}>
          {busy ? (
            <>
              <Spinner className="size-4" />
              Creating Account...
            </>
          ) : (
            'Create Account'
          )}
        </Button>
      </div>
    </form>
  );
}
