import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { fill } from '../../lib/i18n/locale.ts';
import type enAccounts from '../../lib/i18n/locales/en/accounts.json';
import { ResetPasswordSchema, type ValidationMessages } from './accounts.ts';
import { apiError, apiFetch } from './auth.client.ts';
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
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { token, password: '', confirmPassword: '' } });
  const [problem, setProblem] = useState<'expired' | string | null>(null);
  const t = strings.reset;

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const response = await apiFetch('/api/auth/reset-password', { method: 'POST', body: JSON.stringify(values) });
      if (response.ok) {
        location.assign(`${signInHref}?notice=password-reset`);
        return;
      }
      const error = await apiError(response);
      if (error.code === 'reset_token_expired') setProblem('expired');
      else if (error.code === 'invalid' && (error.fields.password || error.fields.confirmPassword)) {
        if (error.fields.password) setError('password', { message: error.fields.password });
        if (error.fields.confirmPassword) setError('confirmPassword', { message: error.fields.confirmPassword });
      } else setProblem(error.message || t.error);
    } catch (error) {
      console.error('Password reset failed', error);
      setProblem(t.error);
    }
  });

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
      {problem && (
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
