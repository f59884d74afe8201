import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useIslandForm } from '../../lib/forms/use-island-form.ts';
import { useSubmit } from '../../lib/forms/use-submit.ts';
import { ApiError, api } from '../../lib/http/client.ts';
import { fill } from '../../lib/i18n/locale.ts';
import type enAccounts from '../../lib/i18n/locales/en/accounts.json';
import type enProfile from '../../lib/i18n/locales/en/profile.json';
import { showToast } from '../../lib/toasts.ts';
import type { ValidationMessages } from '../accounts/accounts.ts';
import { Alert, PasswordField, SubmitButton } from '../accounts/ui.tsx';
import { type ChangePasswordInput, ChangePasswordSchema } from './profile.ts';

interface Props {
  strings: { profile: Pick<typeof enProfile, 'password' | 'updateError'>; fields: (typeof enAccounts)['fields'] };
  messages: ValidationMessages;
  passwordMinLength: number;
}

export default function PasswordForm({ strings, messages, passwordMinLength }: Props) {
  const schema = useMemo(() => ChangePasswordSchema({ messages, passwordMinLength }), [messages, passwordMinLength]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useIslandForm<ChangePasswordInput>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  const [changed, setChanged] = useState(false);
  const t = strings.profile.password;
  const submit = useSubmit<ChangePasswordInput>({
    setError,
    fields: ['currentPassword', 'password', 'confirmPassword'],
    logMessage: 'Password change failed',
    problemFor: (error) =>
      error instanceof ApiError && error.code === 'rate_limited' ? error.message : strings.profile.updateError,
  });

  const onSubmit = handleSubmit((values) => {
    setChanged(false);
    return submit.run(async () => {
      await api('/api/profile/password', { method: 'POST', body: values });
      reset();
      setChanged(true);
      showToast(t.changed, 'success');
    });
  });

  return (
    <form className="form" method="post" onSubmit={onSubmit} noValidate>
      <p className="muted">{t.intro}</p>
      {changed && (
        <Alert kind="success">
          <p>{t.changed}</p>
        </Alert>
      )}
      {submit.problem && (
        <Alert kind="error">
          <p>{submit.problem}</p>
        </Alert>
      )}
      <PasswordField
        label={strings.fields.currentPassword}
        autoComplete="current-password"
        registration={register('currentPassword')}
        error={errors.currentPassword}
        revealLabels={strings.fields}
      />
      <PasswordField
        label={strings.fields.newPassword}
        autoComplete="new-password"
        hint={fill(strings.fields.passwordHint, { min: passwordMinLength })}
        registration={register('password')}
        error={errors.password}
        revealLabels={strings.fields}
      />
      <PasswordField
        label={strings.fields.confirmPassword}
        autoComplete="new-password"
        registration={register('confirmPassword')}
        error={errors.confirmPassword}
        revealLabels={strings.fields}
      />
      <div className="form-actions">
        <SubmitButton busy={isSubmitting} label={t.submit} busyLabel={t.submit} className="btn--outline" />
      </div>
    </form>
  );
}
