import { useEffect, useState } from 'react';
import type enAccounts from '../../lib/i18n/locales/en/accounts.json';
import { REGISTERED_EMAIL_KEY } from './accounts.ts';
import { ResendConfirmation } from './ResendConfirmation.tsx';

/** On the sign-up success page: resend the link to the address this tab just signed up with. */
export default function RegisteredResend({
  strings,
  genericError,
  redirect,
}: {
  strings: (typeof enAccounts)['signIn'];
  genericError: string;
  /** Where the sign-up was going (checkout). */
  redirect?: string | undefined;
}) {
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => setEmail(sessionStorage.getItem(REGISTERED_EMAIL_KEY)), []);
  if (!email) return null;
  return <ResendConfirmation email={email} strings={strings} genericError={genericError} redirect={redirect} />;
}
