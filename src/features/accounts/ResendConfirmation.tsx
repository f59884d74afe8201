import { useState } from 'react';
import { ApiError, api } from '../../lib/http/client.ts';
import { fill } from '../../lib/i18n/locale.ts';
import type enAccounts from '../../lib/i18n/locales/en/accounts.json';
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
  redirect,
}: {
  email: string;
  strings: Strings;
  genericError: string;
  /** Where the sign-up was going (checkout): the new link carries on to it. */
  redirect?: string | undefined;
}) {
  const [state, setState] = useState<State>('idle');

  async function resend() {
    setState('sending');
    try {
      await api('/api/auth/resend-confirmation', { method: 'POST', body: redirect ? { email, redirect } : { email } });
      setState('sent');
    } catch (error) {
      if (error instanceof ApiError) {
        setState(error.code === 'rate_limited' ? { message: error.message || genericError } : 'failed');
        return;
      }
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
