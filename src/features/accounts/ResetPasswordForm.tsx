import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import type { z } from 'zod';
import { useIslandForm } from '../../lib/forms/use-island-form.ts';
import { useSubmit } from '../../lib/forms/use-submit.ts';
import { ApiError, api } from '../../lib/http/client.ts';
import { fill } from '../../lib/i18n/locale.ts';
import type enAccounts from '../../lib/i18n/locales/en/accounts.json';
import { ResetPasswordSchema, type ValidationMessages } from './accounts.ts';
import { Alert, PasswordField, SubmitButton } from './ui.tsx';

interface Props {
  token: string;
  strings: Pick<typeof enAccounts, 'reset' | 'fields'>;
  messages: ValidationMessages;
  passwordMinLength: number;
  signInHref: string;
  forgotHref: string;
}

type Values = z.input<ReturnType<typeof ResetPasswordSchema>>;

export default function ResetPasswordForm({
  token,
  strings,
  messages,
  passwordMinLength,
  signInHref,
  forgotHref,
}: Props) {
  const schema = useMemo(() => ResetPasswordSchema({ messages, passwordMinLength }), [messages, passwordMinLength]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useIslandForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const t = strings.reset;
  const { problem, run } = useSubmit<Values, 'expired' | string>({
    setError,
    fields: ['password', 'confirmPassword'],
    logMessage: 'Password reset failed',
    problemFor: (error) => {
      if (!(error instanceof ApiError)) return t.error;
      return error.code === 'reset_token_expired' ? 'expired' : error.message || t.error;
    },
  });

  const onSubmit = handleSubmit((values) =>
    run(async () => {
      await api('/api/auth/reset-password', { method: 'POST', body: values });
      location.assign(`${signInHref}?notice=password-reset`);
    }),
  );

  if (problem === 'expired') {
    return (
      <Alert kind="error">
        <p>{t.expired}</p>
        <p>
          <a href={forgotHref}>{t.requestNew}</a>
        </p>
      </Alert>
    );
  }
  return (
    <form className="form" method="post" onSubmit={onSubmit} noValidate>
      {problem !== null && (
        <Alert kind="error" title={t.error}>
          <p>{problem}</p>
        </Alert>
      )}
      <input type="hidden" {...register('token')} />
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
      <SubmitButton busy={isSubmitting} label={t.submit} busyLabel={t.submitting} />
    </form>
  );
}
