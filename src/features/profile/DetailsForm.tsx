import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useIslandForm } from '../../lib/forms/use-island-form.ts';
import { useSubmit } from '../../lib/forms/use-submit.ts';
import { api } from '../../lib/http/client.ts';
import type enAccounts from '../../lib/i18n/locales/en/accounts.json';
import type enProfile from '../../lib/i18n/locales/en/profile.json';
import { showToast } from '../../lib/toasts.ts';
import type { ValidationMessages } from '../accounts/accounts.ts';
import { Alert, SubmitButton, TextField } from '../accounts/ui.tsx';
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
    field,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useIslandForm<ProfileDetailsInput, unknown, ProfileDetailsOutput>({
    resolver: zodResolver(schema),
    defaultValues: initial,
  });
  const t = strings.profile;
  const submit = useSubmit<ProfileDetailsInput, true>({
    setError,
    fields: ['firstName', 'lastName', 'phone', 'isLandscapeProfessional'],
    logMessage: 'Profile update failed',
    problemFor: () => true,
  });

  const onSubmit = handleSubmit((values) =>
    submit.run(async () => {
      const saved = await api<{
        firstName: string;
        lastName: string;
        phone: string | null;
        isLandscapeProfessional: boolean;
      }>('/api/profile', { method: 'PATCH', body: values });
      reset({ ...saved, phone: saved.phone ?? '' });
      showToast(t.saved, 'success');
    }),
  );

  return (
    <form className="form" method="post" onSubmit={onSubmit} noValidate>
      {submit.problem && (
        <Alert kind="error">
          <p>{t.updateError}</p>
        </Alert>
      )}
      <div className="form-row">
        <TextField
          label={strings.fields.firstName}
          autoComplete="given-name"
          registration={field('firstName')}
          error={errors.firstName}
        />
        <TextField
          label={strings.fields.lastName}
          autoComplete="family-name"
          registration={field('lastName')}
          error={errors.lastName}
        />
      </div>
      <TextField
        label={strings.fields.phone}
        optionalLabel={strings.fields.optional}
        type="tel"
        autoComplete="tel-national"
        hint={strings.fields.phoneHint}
        registration={field('phone')}
        error={errors.phone}
      />
      <div className="field checkbox-field" data-invalid={errors.isLandscapeProfessional ? '' : undefined}>
        <label className="choice">
          <input type="checkbox" disabled={tradeLinked} {...field('isLandscapeProfessional')} />
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
