import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import ConfirmDialog from '../../lib/dialog/ConfirmDialog.tsx';
import { useIslandForm } from '../../lib/forms/use-island-form.ts';
import { ApiError, api } from '../../lib/http/client.ts';
import { fillAround } from '../../lib/i18n/fill-around.ts';
import { fill } from '../../lib/i18n/locale.ts';
import type enAccounts from '../../lib/i18n/locales/en/accounts.json';
import type enProfile from '../../lib/i18n/locales/en/profile.json';
import { type TradeAccountInput, TradeAccountSchema, type ValidationMessages } from '../accounts/accounts.ts';
import { clearSession } from '../accounts/auth.client.ts';
import { Alert, SubmitButton, TextField } from '../accounts/ui.tsx';

interface Props {
  linked: { accountNumber: string; companyName: string } | null;
  isProfessional: boolean;
  strings: {
    trade: (typeof enProfile)['trade'];
    link: (typeof enAccounts)['link'];
    fields: (typeof enAccounts)['fields'];
    warrantyNone: string;
    cancel: string;
  };
  messages: ValidationMessages;
  supportPhone: string;
  /** Sign-in page with the "signed out to apply" notice. */
  signInHref: string;
}

type Problem = { title: string; text: string; help?: string };

/**
 * Link (verify, then confirm) or unlink the in-house trade account. Either change signs the
 * customer out so new prices and permissions apply from a fresh session (spec §4).
 */
export default function TradeAccountPanel({
  linked,
  isProfessional,
  strings,
  messages,
  supportPhone,
  signInHref,
}: Props) {
  const t = strings.trade;
  const schema = useMemo(() => TradeAccountSchema(messages), [messages]);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useIslandForm<TradeAccountInput>({
    resolver: zodResolver(schema),
    defaultValues: { accountNumber: '', accountPhone: '' },
  });
  const [found, setFound] = useState<{ accountNumber: string; companyName: string } | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmingUnlink, setConfirmingUnlink] = useState(false);

  function signedOut() {
    clearSession();
    location.assign(signInHref);
  }

  function failure(error: ApiError, fallbackTitle: string): Problem {
    if (error.code === 'in_house_account_not_found') {
      return {
        title: strings.link.failedTitle,
        text: strings.link.notFound,
        help: fill(strings.link.notFoundHelp, { phone: supportPhone }),
      };
    }
    if (error.code === 'rate_limited' || error.code === 'in_house_account_taken')
      return { title: fallbackTitle, text: error.message };
    return { title: fallbackTitle, text: '' };
  }

  const verify = handleSubmit(async (values) => {
    setProblem(null);
    try {
      setFound(
        await api<{ accountNumber: string; companyName: string }>('/api/profile/in-house-account/verify', {
          method: 'POST',
          body: values,
        }),
      );
    } catch (error) {
      if (error instanceof ApiError) return setProblem(failure(error, strings.link.failedTitle));
      console.error('Trade account check failed', error);
      setProblem({ title: strings.link.linkError, text: '' });
    }
  });

  async function link() {
    setBusy(true);
    setProblem(null);
    try {
      await api('/api/profile/in-house-account', { method: 'POST', body: getValues() });
      signedOut();
    } catch (error) {
      if (error instanceof ApiError) {
        setFound(null);
        setProblem(failure(error, strings.link.linkError));
      } else {
        console.error('Linking the trade account failed', error);
        setProblem({ title: strings.link.linkError, text: '' });
      }
    } finally {
      setBusy(false);
    }
  }

  async function unlink() {
    setBusy(true);
    setProblem(null);
    try {
      await api('/api/profile/in-house-account', { method: 'DELETE' });
      signedOut();
    } catch (error) {
      if (!(error instanceof ApiError)) console.error('Unlinking the trade account failed', error);
      setProblem({ title: strings.link.unlinkError, text: '' });
    } finally {
      setBusy(false);
      setConfirmingUnlink(false);
    }
  }

  const alert = problem && (
    <Alert kind="error" title={problem.title}>
      {problem.text && <p>{problem.text}</p>}
      {problem.help && <p>{problem.help}</p>}
    </Alert>
  );

  if (linked) {
    return (
      <div className="stack">
        <p>{t.linkedIntro}</p>
        {alert}
        <dl className="summary">
          <dt>{t.accountNumber}</dt>
          <dd className="nowrap">{linked.accountNumber}</dd>
          <dt>{t.company}</dt>
          <dd>{linked.companyName}</dd>
          <dt>{t.pricing}</dt>
          <dd>{t.tradePricing}</dd>
          <dt>{t.warranty}</dt>
          <dd>{strings.warrantyNone}</dd>
        </dl>
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => setConfirmingUnlink(true)}
          aria-haspopup="dialog"
        >
          {t.unlink}
        </button>
        {confirmingUnlink && (
          <ConfirmDialog
            message={<AccountNumberIn message={t.unlinkConfirm} accountNumber={linked.accountNumber} />}
            confirmLabel={t.unlinkConfirmButton}
            cancelLabel={strings.cancel}
            busy={busy}
            onConfirm={unlink}
            onCancel={() => setConfirmingUnlink(false)}
          />
        )}
      </div>
    );
  }

  return (
    <div className="stack">
      <p>{t.unlinkedIntro}</p>
      {!isProfessional && <p className="muted">{t.notProfessional}</p>}
      {alert}
      {found ? (
        <div className="confirm-box">
          <Alert kind="success">
            <p>
              <AccountNumberIn
                message={t.found}
                values={{ company: found.companyName }}
                accountNumber={found.accountNumber}
              />
            </p>
          </Alert>
          <p>{t.confirmIntro}</p>
          <div className="form-actions">
            <button type="button" className="btn" onClick={link} disabled={busy}>
              {busy ? t.connecting : t.confirm}
            </button>
            <button type="button" className="btn btn--outline" onClick={() => setFound(null)}>
              {t.startOver}
            </button>
          </div>
        </div>
      ) : (
        <form className="form" method="post" onSubmit={verify} noValidate>
          <TextField
            label={strings.fields.accountNumber}
            hint={strings.fields.accountNumberHint}
            autoComplete="off"
            registration={register('accountNumber')}
            error={errors.accountNumber}
          />
          <TextField
            label={strings.fields.accountPhone}
            type="tel"
            autoComplete="off"
            hint={strings.fields.phoneHint}
            registration={register('accountPhone')}
            error={errors.accountPhone}
          />
          <div className="form-actions">
            <SubmitButton busy={isSubmitting} label={t.verify} busyLabel={t.verifying} />
          </div>
        </form>
      )}
    </div>
  );
}

/** A message naming an account number, the number kept on one line (« TA-100200 », not « TA- » / « 100200 »). */
function AccountNumberIn({
  message,
  accountNumber,
  values = {},
}: {
  message: string;
  accountNumber: string;
  values?: Record<string, string>;
}) {
  const [before, after] = fillAround(message, values, 'number');
  return (
    <>
      {before}
      <span className="nowrap">{accountNumber}</span>
      {after}
    </>
  );
}
