import { SelectField } from './select.tsx';
import { TextField } from './text-field.tsx';

export interface TroopDetails {
  firstName: string;
  lastName: string;
  troopNumber: string;
  troopRole: string;
}

type FieldProps = {
  name: string;
  value: string;
  required?: boolean;
  onChange: (e: { target: { value: string } }) => void;
};

interface TroopDetailsFieldsProps {
  /** Binds each of the four controls to the form that owns the values. */
  field: (name: keyof TroopDetails) => FieldProps;
  roleOptions: readonly string[];
}

/** A member's names, troop number and troop role, as sign-up and the profile both ask for them. */
export function TroopDetailsFields({ field, roleOptions }: TroopDetailsFieldsProps) {
  return (
    <>
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
          options={roleOptions}
          placeholder="Select your role"
          {...field('troopRole')}
        />
      </div>
    </>
  );
}
