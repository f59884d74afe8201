import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { useIslandForm } from '../../lib/forms/use-island-form.ts';
import { useSubmit } from '../../lib/forms/use-submit.ts';
import { ApiError, api } from '../../lib/http/client.ts';
import { fill } from '../../lib/i18n/locale.ts';
import {
  REGISTERED_EMAIL_KEY,
  type RegisterInput,
  RegisterSchema,
  RegisterStepSchemas,
  type ValidationMessages,
} from './accounts.ts';
import { ConfirmStep, DetailsStep } from './RegisterSteps.tsx';
import type { Strings, Trade, Values } from './register-wizard.ts';
import { Alert, SubmitButton, TextField } from './ui.tsx';

interface Props {
  strings: Strings;
  messages: ValidationMessages;
  passwordMinLength: number;
  yards: { id: number; name: string; city: string }[];
  /** Where the success page is, in this locale. */
  successHref: string;
  /** Where the shopper was going when asked to sign in (checkout), carried to the e-mailed link. */
  redirect?: string | undefined;
  supportPhone: string;
  genericError: string;
  /** The sandbox shows the payload instead of sending it. */
  sandbox?: boolean;
}

const STEPS = ['details', 'professional', 'trade', 'confirm', 'location'] as const;
type Step = (typeof STEPS)[number];
const FIELDS_OF_STEP: Record<Step, (keyof Values)[]> = {
  details: ['firstName', 'lastName', 'email', 'phone', 'password', 'confirmPassword'],
  professional: ['isLandscapeProfessional'],
  trade: ['accountNumber', 'accountPhone'],
  confirm: [],
  location: ['locationId'],
};

type Problem = { title?: string; text: string; help?: string };

/** The first step's fields, as the sign-up and its first step's check take them. */
function detailsOf(values: Values) {
  const { firstName, lastName, email, phone, password, confirmPassword } = values;
  return { firstName, lastName, email, phone, password, confirmPassword };
}

export default function RegisterWizard(props: Props) {
  const { strings, messages, passwordMinLength, yards, sandbox = false } = props;
  const t = strings.register;
  const options = useMemo(() => ({ messages, passwordMinLength }), [messages, passwordMinLength]);
  const stepSchemas = useMemo(() => RegisterStepSchemas(options), [options]);
  const [step, setStep] = useState<Step>('details');
  const stepRef = useRef<Step>('details');
  stepRef.current = step;

  // One form over the five steps, each step validated by its own part of the sign-up schema.
  const resolver = useMemo<Resolver<Values>>(() => {
    const byStep = {
      details: zodResolver(stepSchemas.details),
      professional: zodResolver(stepSchemas.professional),
      trade: zodResolver(stepSchemas.trade),
      location: zodResolver(stepSchemas.location),
    } as unknown as Record<Exclude<Step, 'confirm'>, Resolver<Values>>;
    return (values, context, resolverOptions) => {
      const current = stepRef.current;
      if (current === 'confirm') return { values, errors: {} };
      return byStep[current](values, context, resolverOptions);
    };
  }, [stepSchemas]);

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useIslandForm<Values>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      password: '',
      confirmPassword: '',
      isLandscapeProfessional: undefined,
      accountNumber: '',
      accountPhone: '',
      locationId: '',
    },
  });

  const [trade, setTrade] = useState<Trade>({ state: 'none' });
  const { problem, setProblem, run } = useSubmit<Values, Problem>({
    setError,
    // A refused field is shown on its own step (below), not by the shared block.
    fields: [],
    logMessage: 'Sign-up request failed',
    problemFor: (error) => ({ text: error instanceof ApiError ? error.message || t.failed : t.failed }),
  });
  const [verifying, setVerifying] = useState(false);
  const [payload, setPayload] = useState<string | null>(null);
  const professional = watch('isLandscapeProfessional');
  const headingRef = useRef<HTMLHeadingElement>(null);

  const visibleSteps = STEPS.filter((s) => s !== 'trade' || professional !== false);
  const index = visibleSteps.indexOf(step);

  // Each new step moves focus to its heading, so screen readers announce where they are.
  const focusedStep = useRef(step);
  useEffect(() => {
    if (focusedStep.current === step) return;
    focusedStep.current = step;
    headingRef.current?.focus();
  });

  function go(next: Step) {
    setProblem(null);
    setStep(next);
  }

  function nextStep(from: Step): Step {
    if (from === 'details') return 'professional';
    if (from === 'professional') return getValues('isLandscapeProfessional') ? 'trade' : 'confirm';
    if (from === 'trade') return 'confirm';
    return 'location';
  }

  function previousStep(from: Step): Step {
    if (from === 'professional') return 'details';
    if (from === 'trade') return 'professional';
    if (from === 'confirm') return getValues('isLandscapeProfessional') ? 'trade' : 'professional';
    return 'confirm';
  }

  async function verifyTrade(values: Values) {
    setVerifying(true);
    await run(
      async () => {
        const account = await api<{ accountNumber: string; companyName: string }>('/api/auth/register/trade-account', {
          method: 'POST',
          body: { accountNumber: values.accountNumber, accountPhone: values.accountPhone },
        });
        const accountPhone = stepSchemas.trade.parse(values).accountPhone;
        setTrade({
          state: 'verified',
          accountNumber: account.accountNumber,
          accountPhone,
          companyName: account.companyName,
        });
        go('confirm');
      },
      (error) => {
        if (!(error instanceof ApiError)) return { title: strings.link.linkError, text: props.genericError };
        if (error.code === 'in_house_account_not_found') {
          return {
            title: strings.link.failedTitle,
            text: strings.link.notFound,
            help: fill(strings.link.notFoundHelp, { phone: props.supportPhone }),
          };
        }
        return { title: strings.link.linkError, text: error.message || props.genericError };
      },
    );
    setVerifying(false);
  }

  function buildPayload(values: Values): RegisterInput {
    return {
      ...detailsOf(values),
      isLandscapeProfessional: values.isLandscapeProfessional === true,
      tradeAccount:
        values.isLandscapeProfessional && trade.state === 'verified'
          ? { accountNumber: trade.accountNumber, accountPhone: trade.accountPhone }
          : null,
      locationId: values.locationId,
      ...(props.redirect ? { redirect: props.redirect } : {}),
    };
  }

  async function create(values: Values) {
    setProblem(null);
    const input = buildPayload(values);
    // The endpoint's own schema, once more over the whole sign-up before it is sent.
    const parsed = RegisterSchema(options).safeParse(input);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const field = String(first?.path[0] ?? '');
      const owner = STEPS.find((s) => FIELDS_OF_STEP[s].includes(field as keyof Values)) ?? 'details';
      go(owner);
      if (first) setError(field as keyof Values, { message: first.message });
      return;
    }
    if (sandbox) {
      setPayload(JSON.stringify({ ...input, password: '••••••••', confirmPassword: '••••••••' }, null, 2));
      return;
    }
    await run(
      async () => {
        await api('/api/auth/register', { method: 'POST', body: input });
        sessionStorage.setItem(REGISTERED_EMAIL_KEY, parsed.data.email);
        location.assign(props.successHref);
      },
      (error) => {
        if (!(error instanceof ApiError)) return { text: t.failed };
        const fields = error.fields ?? {};
        if (error.code === 'email_taken') {
          go('details');
          setError('email', { message: fields.email ?? error.message });
          return null;
        }
        if (error.code === 'in_house_account_not_found' || error.code === 'in_house_account_taken') {
          setTrade({ state: 'none' });
          go('trade');
          return { title: strings.link.failedTitle, text: error.message };
        }
        if (error.code === 'invalid') {
          const [field, message] = Object.entries(fields)[0] ?? [];
          const owner = STEPS.find((s) => FIELDS_OF_STEP[s].includes(field as keyof Values));
          if (field && owner && message) {
            go(owner);
            setError(field as keyof Values, { message });
            return null;
          }
        }
        return { text: error.message || t.failed };
      },
    );
  }

  /**
   * The first step asks the server what the sign-up would refuse in it (an address already
   * signed up, a weak password), so the shopper hears it there and not after four more steps.
   * Anything else (offline, too many checks) lets them go on: the sign-up checks it all again.
   */
  async function checkDetails(values: Values) {
    setProblem(null);
    try {
      await api('/api/auth/register/details', { method: 'POST', body: detailsOf(values) });
    } catch (error) {
      const [field, message] = error instanceof ApiError ? (Object.entries(error.fields ?? {})[0] ?? []) : [];
      if (field && message && FIELDS_OF_STEP.details.includes(field as keyof Values)) {
        setError(field as keyof Values, { message }, { shouldFocus: true });
        return;
      }
    }
    go('professional');
  }

  // The resolver's output holds only the current step's fields: act on the whole form.
  const onSubmit = handleSubmit(async () => {
    if (step === 'details' && !sandbox) return checkDetails(getValues());
    if (step === 'trade') return verifyTrade(getValues());
    if (step === 'location') return create(getValues());
    go(nextStep(step));
  });

  const values = getValues();
  const stepTitle = { ...t.steps, trade: t.tradeHeading, confirm: t.confirmHeading }[step];
  const errorFor = (name: keyof Values) => errors[name] as { message?: string } | undefined;

  return (
    <div className="wizard">
      <nav aria-label={t.progressLabel}>
        <ol className="steps">
          {visibleSteps.map((s, i) => (
            <li key={s} aria-current={s === step ? 'step' : undefined} data-done={i < index ? '' : undefined}>
              <span className="step-number" aria-hidden="true">
                {i + 1}
              </span>
              <span className="step-name">{t.steps[s]}</span>
            </li>
          ))}
        </ol>
      </nav>
      <p className="step-count">{fill(t.stepOf, { step: index + 1, total: visibleSteps.length })}</p>
      <form className="form" method="post" onSubmit={onSubmit} noValidate>
        <h2 ref={headingRef} tabIndex={-1} className="step-title">
          {stepTitle}
        </h2>
        {problem && (
          <Alert kind="error" title={problem.title}>
            <p>{problem.text}</p>
            {problem.help && <p>{problem.help}</p>}
          </Alert>
        )}

        {step === 'details' && (
          <DetailsStep
            strings={strings}
            passwordMinLength={passwordMinLength}
            register={register}
            errorFor={errorFor}
          />
        )}

        {step === 'professional' && (
          <fieldset className="field" data-invalid={errors.isLandscapeProfessional ? '' : undefined}>
            <legend>{t.professionalQuestion}</legend>
            <p className="field-hint">{t.professionalHelp}</p>
            <div className="choice-list">
              {([true, false] as const).map((answer) => (
                <label className="choice" key={String(answer)}>
                  <input
                    type="radio"
                    name="isLandscapeProfessional"
                    checked={professional === answer}
                    onChange={() => setValue('isLandscapeProfessional', answer, { shouldValidate: true })}
                  />
                  {answer ? t.yes : t.no}
                </label>
              ))}
            </div>
            {errors.isLandscapeProfessional?.message && (
              <p className="field-error">{errors.isLandscapeProfessional.message}</p>
            )}
          </fieldset>
        )}

        {step === 'trade' && (
          <>
            <p>{t.tradeIntro}</p>
            <TextField
              label={strings.fields.accountNumber}
              hint={strings.fields.accountNumberHint}
              autoComplete="off"
              registration={register('accountNumber')}
              error={errorFor('accountNumber')}
            />
            <TextField
              label={strings.fields.accountPhone}
              type="tel"
              autoComplete="off"
              hint={strings.fields.phoneHint}
              registration={register('accountPhone')}
              error={errorFor('accountPhone')}
            />
          </>
        )}

        {step === 'confirm' && (
          <ConfirmStep strings={strings} values={values} trade={trade} onEdit={() => go('details')} />
        )}

        {step === 'location' && (
          <fieldset className="field" data-invalid={errors.locationId ? '' : undefined}>
            <legend>{t.locationHeading}</legend>
            <p className="field-hint">{t.locationIntro}</p>
            <div className="choice-list">
              {yards.map((y) => (
                <label className="choice" key={y.id}>
                  <input type="radio" value={String(y.id)} {...register('locationId')} />
                  <span>
                    {y.name}
                    <small>{y.city}</small>
                  </span>
                </label>
              ))}
            </div>
            {errors.locationId?.message && <p className="field-error">{errors.locationId.message}</p>}
          </fieldset>
        )}

        {payload && (
          <pre className="payload" data-payload>
            {payload}
          </pre>
        )}

        <div className="form-actions">
          {step !== 'details' && (
            <button type="button" className="btn btn--outline" onClick={() => go(previousStep(step))}>
              {t.back}
            </button>
          )}
          {step === 'trade' ? (
            <SubmitButton busy={verifying} label={t.verify} busyLabel={t.verifying} />
          ) : step === 'location' ? (
            <SubmitButton busy={isSubmitting} label={t.create} busyLabel={t.creating} />
          ) : (
            <SubmitButton busy={step === 'details' && isSubmitting} label={t.next} busyLabel={t.next} />
          )}
        </div>
        {step === 'trade' && (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setTrade({ state: 'later' });
              go('confirm');
            }}
          >
            {t.connectLater}
          </button>
        )}
      </form>
    </div>
  );
}
