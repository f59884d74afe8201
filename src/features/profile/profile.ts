import { z } from 'zod';
import { IdSchema } from '../../lib/ids.ts';
import {
  currentPasswordField,
  emailField,
  nameField,
  newPasswordField,
  optionalPhoneField,
  PASSWORD_MAX_LENGTH,
  passwordsMatch,
  type SchemaOptions,
  TradeAccountSchema,
  type ValidationMessages,
} from '../accounts/accounts.ts';

/** The profile and settings forms' schemas, shared by the islands and the endpoints. */

export function ProfileDetailsSchema(m: ValidationMessages) {
  return z.object({
    firstName: nameField(m.firstNameRequired),
    lastName: nameField(m.lastNameRequired),
    phone: optionalPhoneField(m),
    isLandscapeProfessional: z.boolean({ error: m.choiceRequired }),
  });
}
export type ProfileDetailsInput = z.input<ReturnType<typeof ProfileDetailsSchema>>;
export type ProfileDetailsOutput = z.output<ReturnType<typeof ProfileDetailsSchema>>;

export function ChangeEmailSchema(m: ValidationMessages) {
  return z.object({ newEmail: emailField(m), currentPassword: currentPasswordField(m) });
}
export type ChangeEmailInput = z.input<ReturnType<typeof ChangeEmailSchema>>;

export function ChangePasswordSchema(options: SchemaOptions) {
  return z
    .object({
      currentPassword: currentPasswordField(options.messages),
      password: newPasswordField(options),
      confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
    })
    .refine(...passwordsMatch(options.messages));
}
export type ChangePasswordInput = z.input<ReturnType<typeof ChangePasswordSchema>>;

/** Linking an in-house account: the same details as sign-up step 3. */
export const LinkAccountSchema = TradeAccountSchema;

export const DefaultLocationSchema = z.object({ locationId: IdSchema.nullable() });

export const LanguageSchema = z.object({ locale: z.enum(['en', 'fr']) });
