import type enAccounts from '../../lib/i18n/locales/en/accounts.json';

/** What the sign-up wizard (RegisterWizard.tsx) and its steps (RegisterSteps.tsx) share. */
export type Strings = Pick<typeof enAccounts, 'register' | 'fields' | 'link'>;

export type Values = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
  isLandscapeProfessional: boolean | undefined;
  accountNumber: string;
  accountPhone: string;
  locationId: string;
};

export type Trade =
  | { state: 'none' }
  | { state: 'later' }
  | { state: 'verified'; accountNumber: string; accountPhone: string; companyName: string };
