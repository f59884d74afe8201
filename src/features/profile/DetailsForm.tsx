import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type enAccounts from '../../lib/i18n/locales/en/accounts.json';
import type enProfile from '../../lib/i18n/locales/en/profile.json';
import type { ValidationMessages } from '../accounts/accounts.ts';
import { apiError, apiFetch } from '../accounts/auth.client.ts';
import { Alert, SubmitButton, TextField } from '../accounts/ui.tsx';
import { showToast } from '../shell/stores.ts';
import { type ProfileDetailsInput, type ProfileDetailsOutput, ProfileDetailsSchema } from './profile.ts';

interface Props {
  initial: ProfileDetailsInput;
  /** A linked trade account keeps the landscape-professional flag on. */
  tradeLinked: boolean;
  strings: {
    profile: Pick<typeof enProfile, 'save' | 'saving' | 'saved' | 'updateError' | 'details'>;
    fields: (typeof enAccounts)['fields'];
  };
  messages: ValidationMessages;
}

export default function DetailsForm({ initial, tradeLinked, strings, messages }: Props) {
  const schema = useMemo(() => ProfileDetailsSchema(messages), [messages]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileDetailsInput, unknown, ProfileDetailsOutput>({
    resolver: zodResolver(schema),
    defaultValues: initial,
  });
  const [failed, setFailed] = useState(false);
  const t = strings.profile;

  const onSubmit = handleSubmit(async (values) => {
    setFailed(false);
    try {
      const response = await apiFetch('/api/profile', { method: 'PATCH', body: JSON.stringify(values) });
      if (response.ok) {
        const saved = (await response.json()) as {
          firstName: string;
          lastName: string;
          phone: string | null;
          isLandscapeProfessional: boolean;
        };
        reset({ ...saved, phone: saved.phone ?? '' });
        showToast(t.saved, 'success');
        return;
      }
      const error = await apiError(response);
      const fieldEntries = Object.entries(error.fields).filter(([field]) => field in values);
      if (fieldEntries.length > 0) {
        for (const [field, message] of fieldEntries) setError(field as keyof ProfileDetailsInput, { message });
      } else {
        setFailed(true);
      }
    } catch (error) {
      console.error('Profile update failed', error);
      setFailed(true);
    }
  });

  return (
    <form className="form" method="post" onSubmit={onSubmit} noValidate>
      {failed && (
        <Alert kind="error">
          <p>{t.updateError}</p>
        </Alert>
      )}
      <div className="form-row">
        <TextField
          label={strings.fields.firstName}
          autoComplete="given-name"
          registration={register('firstName')}
          error={errors.firstName}
        />
        <TextField
          label={strings.fields.lastName}
          autoComplete="family-name"
          registration={register('lastName')}
          error={errors.lastName}
        />
      </div>
      <TextField
        label={strings.fields.phone}
        optionalLabel={strings.fields.optional}
        type="tel"
        autoComplete="tel-national"
        hint={strings.fields.phoneHint}
        registration={register('phone')}
        error={errors.phone}
      />
      <div className="field checkbox-field" data-invalid={errors.isLandscapeProfessional ? '' : undefined}>
        <label className="choice">
          <input type="checkbox" disabled={tradeLinked} {...register('isLandscapeProfessional')} />
          <span>
            {t.details.professional}
            <small>{tradeLinked ? t.details.professionalLocked : t.details.professionalHelp}</small>
          </span>
        </label>
        {errors.isLandscapeProfessional?.message && (
          <p className="field-error">{errors.isLandscapeProfessional.message}</p>
        )}
      </div>
      <div className="form-actions">
        <SubmitButton
          busy={isSubmitting}
          label={t.save}
          busyLabel={t.saving}
          className={isDirty ? '' : 'btn--outline'}
        />
      </div>
    </form>
  );
}
