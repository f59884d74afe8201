import type { UseFormRegister } from 'react-hook-form';
import { fill } from '../../lib/i18n/locale.ts';
import { normalizePhone } from './accounts.ts';
import type { Strings, Trade, Values } from './register-wizard.ts';
import { PasswordField, TextField } from './ui.tsx';

/** The wizard's first step: name, e-mail, phone and password. */
export function DetailsStep({
  strings,
  passwordMinLength,
  register,
  errorFor,
}: {
  strings: Strings;
  passwordMinLength: number;
  register: UseFormRegister<Values>;
  errorFor: (name: keyof Values) => { message?: string } | undefined;
}) {
  return (
    <>
      <div className="form-row">
        <TextField
          label={strings.fields.firstName}
          autoComplete="given-name"
          registration={register('firstName')}
          error={errorFor('firstName')}
        />
        <TextField
          label={strings.fields.lastName}
          autoComplete="family-name"
          registration={register('lastName')}
          error={errorFor('lastName')}
        />
      </div>
      <TextField
        label={strings.fields.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        registration={register('email')}
        error={errorFor('email')}
      />
      <TextField
        label={strings.fields.phone}
        optionalLabel={strings.fields.optional}
        type="tel"
        autoComplete="tel-national"
        hint={strings.fields.phoneHint}
        registration={register('phone')}
        error={errorFor('phone')}
      />
      <PasswordField
        label={strings.fields.password}
        autoComplete="new-password"
        hint={fill(strings.fields.passwordHint, { min: passwordMinLength })}
        registration={register('password')}
        error={errorFor('password')}
        revealLabels={strings.fields}
      />
      <PasswordField
        label={strings.fields.confirmPassword}
        autoComplete="new-password"
        registration={register('confirmPassword')}
        error={errorFor('confirmPassword')}
        revealLabels={strings.fields}
      />
    </>
  );
}

/** The step before the yard: what the account will be, with a way back to the details. */
export function ConfirmStep({
  strings,
  values,
  trade,
  onEdit,
}: {
  strings: Strings;
  values: Values;
  trade: Trade;
  onEdit: () => void;
}) {
  const t = strings.register;
  return (
    <>
      <p>{t.confirmIntro}</p>
      <dl className="summary">
        <dt>{t.summaryName}</dt>
        <dd>{`${values.firstName} ${values.lastName}`}</dd>
        <dt>{t.summaryEmail}</dt>
        <dd>{values.email.trim().toLowerCase()}</dd>
        <dt>{t.summaryPhone}</dt>
        <dd>{values.phone.trim() ? (normalizePhone(values.phone) ?? values.phone) : t.none}</dd>
        <dt>{t.summaryType}</dt>
        <dd>{values.isLandscapeProfessional ? t.typeProfessional : t.typeRetail}</dd>
        {values.isLandscapeProfessional && (
          <>
            <dt>{t.summaryTrade}</dt>
            <dd>
              {trade.state === 'verified'
                ? fill(t.verifiedAs, { number: trade.accountNumber, company: trade.companyName })
                : t.tradeLater}
            </dd>
          </>
        )}
      </dl>
      <button type="button" className="link-button" onClick={onEdit}>
        {t.edit}
      </button>
    </>
  );
}
