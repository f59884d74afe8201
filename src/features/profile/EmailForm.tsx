import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useIslandForm } from '../../lib/forms/use-island-form.ts';
import { useSubmit } from '../../lib/forms/use-submit.ts';
import { ApiError, api } from '../../lib/http/client.ts';
import { fill } from '../../lib/i18n/locale.ts';
import type enAccounts from '../../lib/i18n/locales/en/accounts.json';
import type enProfile from '../../lib/i18n/locales/en/profile.json';
import type { ValidationMessages } from '../accounts/accounts.ts';
import { Alert, PasswordField, SubmitButton, TextField } from '../accounts/ui.tsx';
import { type ChangeEmailInput, ChangeEmailSchema } from './profile.ts';

interface Props {
  currentEmail: string;
  strings: { profile: Pick<typeof enProfile, 'email' | 'updateError'>; fields: (typeof enAccounts)['fields'] };
  messages: ValidationMessages;
}

/** A new address takes effect only once its confirmation link is followed. */
export default function EmailForm({ currentEmail, strings, messages }: Props) {
  const schema = useMemo(() => ChangeEmailSchema(messages), [messages]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useIslandForm<ChangeEmailInput>({
    resolver: zodResolver(schema),
    defaultValues: { newEmail: '', currentPassword: '' },
  });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const t = strings.profile.email;
  const submit = useSubmit<ChangeEmailInput>({
    setError,
    fields: ['newEmail', 'currentPassword'],
    logMessage: 'E-mail change failed',
    problemFor: (error) =>
      error instanceof ApiError && error.code === 'rate_limited' ? error.message : strings.profile.updateError,
  });

  const onSubmit = handleSubmit((values) => {
    setSentTo(null);
    return submit.run(async () => {
      await api('/api/profile/email', { method: 'POST', body: values });
      setSentTo(values.newEmail);
      reset({ newEmail: '', currentPassword: '' });
    });
  });

  return (
    <form className="form" method="post" onSubmit={onSubmit} noValidate>
      <p className="current">
        {t.current} <strong>{currentEmail}</strong>
      </p>
      {sentTo && (
        <Alert kind="success">
          <p>{fill(t.sent, { email: sentTo })}</p>
        </Alert>
      )}
      {submit.problem && (
        <Alert kind="error">
          <p>{submit.problem}</p>
        </Alert>
      )}
      <TextField
        label={t.new}
        type="email"
        inputMode="email"
        autoComplete="email"
        registration={register('newEmail')}
        error={errors.newEmail}
      />
      <PasswordField
        label={strings.fields.currentPassword}
        autoComplete="current-password"
        registration={register('currentPassword')}
        error={errors.currentPassword}
        revealLabels={strings.fields}
      />
      <div className="form-actions">
        <SubmitButton busy={isSubmitting} label={t.submit} busyLabel={t.submit} className="btn--outline" />
      </div>
    </form>
  );
}
