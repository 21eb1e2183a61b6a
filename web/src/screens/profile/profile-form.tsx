import { useFormValues } from '../../lib/use-form-values.ts';
import { Form } from '../../ui/form.tsx';
import { FormMessage } from '../../ui/form-message.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { TroopDetailsFields } from '../../ui/troop-details-fields.tsx';
import { troopRoleOptions, type ProfileFields } from './profile-fields.ts';

interface ProfileFormProps {
  initial: ProfileFields;
  busy: boolean;
  error: string | null;
  success: string | null;
  onSubmit: (values: ProfileFields) => void;
  /** After each edit, so a shown message goes once its rule holds. */
  onEdit: (values: ProfileFields) => void;
}

export function ProfileForm({ initial, busy, error, success, onSubmit, onEdit }: ProfileFormProps) {
  const { field, submitHandler } = useFormValues<ProfileFields>(initial, onEdit);

  return (
    <Form busy={busy} onSubmit={submitHandler(busy, onSubmit)}>
      <TroopDetailsFields field={field} roleOptions={troopRoleOptions(initial.troopRole)} />
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      {success ? <FormMessage tone="success">{success}</FormMessage> : null}
      <div className="flex justify-end pt-1">
        <SubmitButton busy={busy} busyLabel="Saving..." size="lg" className="w-full sm:w-auto">
          Save Changes
        </SubmitButton>
      </div>
    </Form>
  );
}
