import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useIslandForm } from '../../lib/forms/use-island-form.ts';
import { useSubmit } from '../../lib/forms/use-submit.ts';
import { ApiError, api } from '../../lib/http/client.ts';
import { fill } from '../../lib/i18n/locale.ts';
import type enAccounts from '../../lib/i18n/locales/en/accounts.json';
import { EmailSchema, type ValidationMessages } from './accounts.ts';
import { Alert, SubmitButton, TextField } from './ui.tsx';

interface Props {
  strings: Pick<typeof enAccounts, 'forgot' | 'fields'>;
  messages: ValidationMessages;
}

/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export default function ForgotPasswordForm({ strings, messages }: Props) {
  const schema = useMemo(() => EmailSchema(messages), [messages]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useIslandForm<{ email: string }>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const t = strings.forgot;
  const submit = useSubmit<{ email: string }>({
    setError,
    fields: [],
    logMessage: 'Password reset request failed',
    problemFor: (error) =>
      error instanceof ApiError && error.code === 'rate_limited' && error.message ? error.message : t.errorBody,
  });

  const onSubmit = handleSubmit(({ email }) =>
    submit.run(async () => {
      await api('/api/auth/forgot-password', { method: 'POST', body: { email } });
      setSentTo(email);
    }),
  );

  if (sentTo) {
    return (
      <Alert kind="success" title={t.sentTitle}>
        <p>{fill(t.sentBody, { email: sentTo })}</p>
      </Alert>
    );
  }
  return (
    <form className="form" method="post" onSubmit={onSubmit} noValidate>
      {submit.problem && (
        <Alert kind="error" title={t.error}>
          <p>{submit.problem}</p>
        </Alert>
      )}
      <TextField
        label={strings.fields.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        registration={register('email')}
        error={errors.email}
      />
      <SubmitButton busy={isSubmitting} label={t.submit} busyLabel={t.submitting} />
    </form>
  );
}
