import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { fill } from '../../lib/i18n/locale.ts';
import type enAccounts from '../../lib/i18n/locales/en/accounts.json';
import { EmailSchema, type ValidationMessages } from './accounts.ts';
import { apiError, apiFetch } from './auth.client.ts';
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
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const t = strings.forgot;

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      const response = await apiFetch('/api/auth/forgot-password', { method: 'POST', body: JSON.stringify({ email }) });
      if (response.ok) {
        setSentTo(email);
        return;
      }
      const error = await apiError(response);
      setFailure(error.code === 'rate_limited' && error.message ? error.message : t.errorBody);
    } catch (error) {
      console.error('Password reset request failed', error);
      setFailure(t.errorBody);
    }
  });

  if (sentTo) {
    return (
      <Alert kind="success" title={t.sentTitle}>
        <p>{fill(t.sentBody, { email: sentTo })}</p>
      </Alert>
    );
  }
  return (
    <form className="form" method="post" onSubmit={onSubmit} noValidate>
      {failure && (
        <Alert kind="error" title={t.error}>
          <p>{failure}</p>
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
