import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useIslandForm } from '../../lib/forms/use-island-form.ts';
import { useSubmit } from '../../lib/forms/use-submit.ts';
import { ApiError, api } from '../../lib/http/client.ts';
import { fill } from '../../lib/i18n/locale.ts';
import type enAccounts from '../../lib/i18n/locales/en/accounts.json';
import { SESSION_CACHE_KEY } from '../../lib/session-cache.ts';
import { showToast } from '../../lib/toasts.ts';
import { type SessionData, type SignInInput, SignInSchema, type ValidationMessages } from './accounts.ts';
import { clearSession } from './auth.client.ts';
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
  } = useIslandForm<SignInInput>({ resolver: zodResolver(schema), defaultValues: { email: '', password: '' } });
  const t = strings.signIn;
  const { problem, setProblem, run } = useSubmit<SignInInput, Problem>({
    setError,
    fields: ['email', 'password'],
    logMessage: 'Sign-in request failed',
    problemFor: () => ({ kind: 'message', text: genericError }),
  });

  const onSubmit = handleSubmit((values) =>
    run(
      async () => {
        const body = await api<{ token?: unknown }>('/api/auth/sign-in', { method: 'POST', body: values });
        // Spec §5: a sign-in response without a string token aborts the sign-in.
        if (typeof body?.token !== 'string') {
          setProblem({ kind: 'message', text: genericError });
          return;
        }
        clearSession();
        // The next page starts from the new session (its header, a trade shopper's prices)
        // rather than from a visitor's; without it, that page asks for it as before.
        try {
          const session = await api<SessionData | null>('/api/session');
          if (session) sessionStorage.setItem(SESSION_CACHE_KEY, JSON.stringify(session));
        } catch (error) {
          console.error('Session not read after signing in', error);
        }
        location.assign(redirectTo);
      },
      (error) => {
        if (!(error instanceof ApiError)) return { kind: 'message', text: genericError };
        if (error.code === 'invalid_credentials') return { kind: 'invalid' };
        if (error.code === 'account_not_confirmed') {
          showToast(t.notVerifiedToast, 'error');
          return { kind: 'unconfirmed', email: values.email };
        }
        // A refusal of the form without a message for a shown field: nothing more to say.
        if (error.code === 'invalid') return null;
        return { kind: 'message', text: error.message || genericError };
      },
    ),
  );

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
          <ResendConfirmation
            email={problem.email}
            strings={t}
            genericError={genericError}
            redirect={redirectTo === '/' || redirectTo === '/fr' ? undefined : redirectTo}
          />
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
