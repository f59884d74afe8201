import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { fill } from '../../lib/i18n/locale.ts';
import type enAccounts from '../../lib/i18n/locales/en/accounts.json';
import { showToast } from '../shell/stores.ts';
import { type SignInInput, SignInSchema, type ValidationMessages } from './accounts.ts';
import { apiError, apiFetch, clearSession } from './auth.client.ts';
import { ResendConfirmation } from './ResendConfirmation.tsx';
import { Alert, PasswordField, SubmitButton, TextField } from './ui.tsx';

type Strings = Pick<typeof enAccounts, 'signIn' | 'fields'>;

interface Props {
  strings: Strings;
  messages: ValidationMessages;
  /** Where to go once signed in: already checked to be a path on this site. */
  redirectTo: string;
  notice?: string;
  genericError: string;
}

type Problem = { kind: 'invalid' } | { kind: 'unconfirmed'; email: string } | { kind: 'message'; text: string };

export default function SignInForm({ strings, messages, redirectTo, notice, genericError }: Props) {
  const schema = useMemo(() => SignInSchema(messages), [messages]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({ resolver: zodResolver(schema), defaultValues: { email: '', password: '' } });
  const [problem, setProblem] = useState<Problem | null>(null);
  const t = strings.signIn;

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    let response: Response;
    try {
      response = await apiFetch('/api/auth/sign-in', { method: 'POST', body: JSON.stringify(values) });
    } catch (error) {
      console.error('Sign-in request failed', error);
      setProblem({ kind: 'message', text: genericError });
      return;
    }
    if (response.ok) {
      // Spec §5: a sign-in response without a string token aborts the sign-in.
      const body = (await response.json()) as { token?: unknown };
      if (typeof body.token !== 'string') {
        setProblem({ kind: 'message', text: genericError });
        return;
      }
      clearSession();
      location.assign(redirectTo);
      return;
    }
    const error = await apiError(response);
    if (error.code === 'invalid_credentials') {
      setProblem({ kind: 'invalid' });
    } else if (error.code === 'account_not_confirmed') {
      setProblem({ kind: 'unconfirmed', email: values.email });
      showToast(t.notVerifiedToast, 'error');
    } else if (error.code === 'invalid') {
      for (const [field, message] of Object.entries(error.fields)) {
        if (field === 'email' || field === 'password') setError(field, { message });
      }
    } else {
      setProblem({ kind: 'message', text: error.message || genericError });
    }
  });

  return (
    <form className="form" method="post" onSubmit={onSubmit} noValidate>
      {notice && !problem && <Alert kind="success">{<p>{notice}</p>}</Alert>}
      {problem?.kind === 'invalid' && (
        <Alert kind="error" title={t.invalidTitle}>
          <p>{t.invalidBody}</p>
        </Alert>
      )}
      {problem?.kind === 'unconfirmed' && (
        <Alert kind="error" title={t.notConfirmedTitle}>
          <p>
            <strong>{t.notVerifiedToast}</strong>
          </p>
          <p>{fill(t.notConfirmedBody, { email: problem.email })}</p>
          <ResendConfirmation email={problem.email} strings={t} genericError={genericError} />
        </Alert>
      )}
      {problem?.kind === 'message' && (
        <Alert kind="error">
          <p>{problem.text}</p>
        </Alert>
      )}
      <TextField
        label={strings.fields.email}
        type="email"
        autoComplete="username"
        inputMode="email"
        registration={register('email')}
        error={errors.email}
      />
      <PasswordField
        label={strings.fields.password}
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password}
        revealLabels={strings.fields}
      />
      <SubmitButton busy={isSubmitting} label={t.submit} busyLabel={t.submitting} />
    </form>
  );
}
