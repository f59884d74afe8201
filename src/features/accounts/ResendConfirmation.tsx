import { useState } from 'react';
import { fill } from '../../lib/i18n/locale.ts';
import type enAccounts from '../../lib/i18n/locales/en/accounts.json';
import { apiError, apiFetch } from './auth.client.ts';
import { Alert } from './ui.tsx';

type Strings = Pick<
  (typeof enAccounts)['signIn'],
  'resend' | 'resending' | 'resentTitle' | 'resentBody' | 'resendFailedTitle' | 'resendFailedBody'
>;

type State = 'idle' | 'sending' | 'sent' | 'failed' | { message: string };

/** The offer to send the confirmation link again (sign-in, sign-up success). */
export function ResendConfirmation({
  email,
  strings,
  genericError,
}: {
  email: string;
  strings: Strings;
  genericError: string;
}) {
  const [state, setState] = useState<State>('idle');

  async function resend() {
    setState('sending');
    try {
      const response = await apiFetch('/api/auth/resend-confirmation', {
        method: 'POST',
        body: JSON.stringify({ email }),
      });
      if (response.ok) {
        setState('sent');
        return;
      }
      const error = await apiError(response);
      setState(error.code === 'rate_limited' ? { message: error.message || genericError } : 'failed');
    } catch (error) {
      console.error('Resending the confirmation failed', error);
      setState('failed');
    }
  }

  if (state === 'sent') {
    return (
      <Alert kind="success" title={strings.resentTitle}>
        <p>{fill(strings.resentBody, { email })}</p>
      </Alert>
    );
  }
  return (
    <div className="resend">
      {state === 'failed' && (
        <Alert kind="error" title={strings.resendFailedTitle}>
          <p>{strings.resendFailedBody}</p>
        </Alert>
      )}
      {typeof state === 'object' && (
        <Alert kind="error">
          <p>{state.message}</p>
        </Alert>
      )}
      <button type="button" className="btn btn--outline btn--sm" onClick={resend} disabled={state === 'sending'}>
        {state === 'sending' ? strings.resending : strings.resend}
      </button>
    </div>
  );
}
