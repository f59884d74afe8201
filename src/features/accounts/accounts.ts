import type { TFunction } from 'i18next';
import { z } from 'zod';
import { MAX_ID } from '../../lib/ids.ts';
import { normalizePhone } from './phone.ts';

/**
 * The account forms' schemas, shared by the islands (react-hook-form through zodResolver)
 * and the endpoints, so the two can never disagree. Messages are the spec's texts in the
 * page's language; the minimum password length comes from the `password_min_length` setting.
 */

/** Long passphrases are welcome; the cap only bounds the work one request can cause. */
export const PASSWORD_MAX_LENGTH = 256;
export const DEFAULT_PASSWORD_MIN_LENGTH = 8;

export interface ValidationMessages {
  emailInvalid: string;
  passwordMin: string;
  passwordMax: string;
  passwordRequired: string;
  passwordMismatch: string;
  firstNameRequired: string;
  lastNameRequired: string;
  phoneInvalid: string;
  accountNumberInvalid: string;
  choiceRequired: string;
  locationRequired: string;
}

export interface SchemaOptions {
  messages: ValidationMessages;
  passwordMinLength: number;
}

/** The messages of the `accounts` namespace, for a schema built on the server or passed to an island. */
export function validationMessages(t: TFunction, passwordMinLength: number): ValidationMessages {
  return {
    emailInvalid: t('validation.emailInvalid'),
    passwordMin: t('validation.passwordMin', { min: passwordMinLength }),
    passwordMax: t('validation.passwordMax', { max: PASSWORD_MAX_LENGTH }),
    passwordRequired: t('validation.passwordRequired'),
    passwordMismatch: t('validation.passwordMismatch'),
    firstNameRequired: t('validation.firstNameRequired'),
    lastNameRequired: t('validation.lastNameRequired'),
    phoneInvalid: t('validation.phoneInvalid'),
    accountNumberInvalid: t('validation.accountNumberInvalid'),
    choiceRequired: t('validation.choiceRequired'),
    locationRequired: t('validation.locationRequired'),
  };
}

// In a module of its own, without zod, for islands that need only this (the checkout).
export { normalizePhone };

/** "ta100300", "TA 100300" and "TA-100300" are the same account number. */
export function normalizeAccountNumber(value: string): string {
  const compact = value.replace(/\s/g, '').toUpperCase();
  return /^TA-?\d{6}$/.test(compact) ? `TA-${compact.slice(-6)}` : compact;
}

export const emailField = (m: ValidationMessages) =>
  z
    .string({ error: m.emailInvalid })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: m.emailInvalid }).max(254, { error: m.emailInvalid }));

export const phoneField = (m: ValidationMessages) =>
  z
    .string({ error: m.phoneInvalid })
    .trim()
    .transform((value, ctx) => {
      const phone = normalizePhone(value);
      if (phone === null) {
        ctx.addIssue({ code: 'custom', message: m.phoneInvalid });
        return z.NEVER;
      }
      return phone;
    });

/** An optional phone: empty means none. */
export const optionalPhoneField = (m: ValidationMessages) =>
  z
    .string({ error: m.phoneInvalid })
    .trim()
    .transform((value, ctx) => {
      if (value === '') return null;
      const phone = normalizePhone(value);
      if (phone === null) {
        ctx.addIssue({ code: 'custom', message: m.phoneInvalid });
        return z.NEVER;
      }
      return phone;
    });

export const nameField = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(80, { error: message });

/** A password being chosen: no composition rules, only a length. */
export const newPasswordField = ({ messages: m, passwordMinLength }: SchemaOptions) =>
  z
    .string({ error: m.passwordMin })
    .min(passwordMinLength, { error: m.passwordMin })
    .max(PASSWORD_MAX_LENGTH, { error: m.passwordMax });

/** A password being presented: never judged by today's length rule, only bounded. */
export const currentPasswordField = (m: ValidationMessages) =>
  z
    .string({ error: m.passwordRequired })
    .min(1, { error: m.passwordRequired })
    .max(PASSWORD_MAX_LENGTH, { error: m.passwordMax });

export function passwordsMatch(m: ValidationMessages) {
  const check = (value: { password: string; confirmPassword: string }) => value.password === value.confirmPassword;
  const params: { error: string; path: string[] } = { error: m.passwordMismatch, path: ['confirmPassword'] };
  return [check, params] as const;
}

/** How the tokens come back: cookies for the store's pages, the body for API clients (Bearer). */
export const TokenDeliverySchema = z.enum(['cookie', 'body']).default('cookie');

export function SignInSchema(m: ValidationMessages) {
  return z.object({ email: emailField(m), password: currentPasswordField(m), delivery: TokenDeliverySchema });
}
export type SignInInput = z.input<ReturnType<typeof SignInSchema>>;

/** Forgot password and resend confirmation: an address only. */
export function EmailSchema(m: ValidationMessages) {
  return z.object({ email: emailField(m) });
}

/** A new confirmation link asked for: the address, and where the sign-up was going (checkout). */
export function ResendConfirmationSchema(m: ValidationMessages) {
  return EmailSchema(m).extend({ redirect: z.string().max(2048).optional() });
}

export function ResetPasswordSchema(options: SchemaOptions) {
  return z
    .object({
      token: z.string().min(1).max(200),
      password: newPasswordField(options),
      confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
    })
    .refine(...passwordsMatch(options.messages));
}

// Sign-up: one schema per step for the wizard, and their union for the endpoint.

const detailsShape = (options: SchemaOptions) => ({
  firstName: nameField(options.messages.firstNameRequired),
  lastName: nameField(options.messages.lastNameRequired),
  email: emailField(options.messages),
  phone: optionalPhoneField(options.messages),
  password: newPasswordField(options),
  confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
});

const professionalShape = (m: ValidationMessages) => ({
  isLandscapeProfessional: z.boolean({ error: m.choiceRequired }),
});

export function TradeAccountSchema(m: ValidationMessages) {
  return z.object({
    accountNumber: z
      .string({ error: m.accountNumberInvalid })
      .transform(normalizeAccountNumber)
      .pipe(z.string().regex(/^TA-\d{6}$/, { error: m.accountNumberInvalid })),
    accountPhone: phoneField(m),
  });
}
export type TradeAccountInput = z.input<ReturnType<typeof TradeAccountSchema>>;

const locationShape = (m: ValidationMessages) => ({
  locationId: z.coerce
    .number({ error: m.locationRequired })
    .int({ error: m.locationRequired })
    .positive({ error: m.locationRequired })
    .max(MAX_ID, { error: m.locationRequired }),
});

export function RegisterStepSchemas(options: SchemaOptions) {
  const m = options.messages;
  return {
    details: z.object(detailsShape(options)).refine(...passwordsMatch(m)),
    professional: z.object(professionalShape(m)),
    trade: TradeAccountSchema(m),
    location: z.object(locationShape(m)),
  };
}

export function RegisterSchema(options: SchemaOptions) {
  const m = options.messages;
  return z
    .object({
      ...detailsShape(options),
      ...professionalShape(m),
      tradeAccount: TradeAccountSchema(m).nullable(),
      ...locationShape(m),
      /**
       * The page the shopper was on the way to when asked to sign in (the sign-in page's
       * `redirect`, checkout most often): the confirmation link brings them back to it. The
       * server keeps it only if it is a path of this site.
       */
      redirect: z.string().max(2048).optional(),
    })
    .refine(...passwordsMatch(m))
    .transform((value) => ({
      ...value,
      // Only a landscape professional connects a trade account.
      tradeAccount: value.isLandscapeProfessional ? value.tradeAccount : null,
    }));
}
export type RegisterInput = z.input<ReturnType<typeof RegisterSchema>>;
export type RegisterData = z.output<ReturnType<typeof RegisterSchema>>;

/** The session data of spec §3, as GET /api/session returns it (null when signed out). */
export interface SessionData {
  user: { firstName: string; lastName: string; email: string; role: 'customer' | 'admin' | 'super_admin' };
  customer_type: { id: number; name: string };
  /** Trade prices apply (a linked in-house account). */
  trade_pricing: boolean;
  default_location_id: number | null;
}

/** sessionStorage: the address this tab just signed up with, for the success page's resend. */
export const REGISTERED_EMAIL_KEY = 'nursery:registered-email';

export function displayName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}
