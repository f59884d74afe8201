import { describe, expect, it } from 'vitest';
import { getT } from '../../lib/i18n/index.ts';
import {
  normalizeAccountNumber,
  normalizePhone,
  RegisterSchema,
  RegisterStepSchemas,
  ResetPasswordSchema,
  SignInSchema,
  TradeAccountSchema,
  validationMessages,
} from './accounts.ts';

const en = { messages: validationMessages(getT('en', 'accounts'), 8), passwordMinLength: 8 };
const fr = { messages: validationMessages(getT('fr', 'accounts'), 8), passwordMinLength: 8 };

const firstMessage = (
  result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } },
  field: string,
) => result.error?.issues.find((issue) => issue.path[0] === field)?.message;

describe('account schemas', () => {
  const details = RegisterStepSchemas(en).details;
  const valid = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: ' Ada@Example.COM ',
    phone: '',
    password: 'aaaaaaaa',
    confirmPassword: 'aaaaaaaa',
  };

  it("use the spec's exact messages (§5)", () => {
    expect(firstMessage(details.safeParse({ ...valid, email: 'nope' }), 'email')).toBe(
      'Please enter a valid email address',
    );
    expect(firstMessage(details.safeParse({ ...valid, password: 'short', confirmPassword: 'short' }), 'password')).toBe(
      'Your password must be at least 8 characters',
    );
    expect(firstMessage(details.safeParse({ ...valid, confirmPassword: 'aaaaaaab' }), 'confirmPassword')).toBe(
      'Passwords do not match',
    );
    expect(firstMessage(details.safeParse({ ...valid, phone: '123' }), 'phone')).toBe(
      'Please enter a valid phone number.',
    );
    expect(firstMessage(RegisterStepSchemas(fr).details.safeParse({ ...valid, email: 'x' }), 'email')).toBe(
      'Veuillez entrer une adresse courriel valide',
    );
  });

  it('take the minimum length from the password_min_length setting', () => {
    const twelve = { messages: validationMessages(getT('en', 'accounts'), 12), passwordMinLength: 12 };
    const result = RegisterStepSchemas(twelve).details.safeParse({
      ...valid,
      password: 'elevenchars',
      confirmPassword: 'elevenchars',
    });
    expect(firstMessage(result, 'password')).toBe('Your password must be at least 12 characters');
  });

  it('accept 8 to 256 characters with no composition rules', () => {
    for (const password of ['aaaaaaaa', '12345678', 'x'.repeat(128), 'é'.repeat(256)]) {
      expect(
        details.safeParse({ ...valid, password, confirmPassword: password }).success,
        String(password.length),
      ).toBe(true);
    }
    expect(details.safeParse({ ...valid, password: 'x'.repeat(257), confirmPassword: 'x'.repeat(257) }).success).toBe(
      false,
    );
    expect(
      ResetPasswordSchema(en).safeParse({ token: 't', password: 'x'.repeat(7), confirmPassword: 'x'.repeat(7) })
        .success,
    ).toBe(false);
  });

  it('normalise addresses and phone numbers', () => {
    expect(details.parse(valid).email).toBe('ada@example.com');
    expect(normalizePhone('(905) 555-0199')).toBe('905-555-0199');
    expect(normalizePhone('+1 905.555.0199')).toBe('905-555-0199');
    expect(normalizePhone('905-555-019')).toBeNull();
    expect(normalizePhone('105-555-0199')).toBeNull();
    expect(normalizePhone('905-555-0199 ext 2')).toBeNull();
    expect(normalizeAccountNumber('ta 100300')).toBe('TA-100300');
    expect(TradeAccountSchema(en.messages).parse({ accountNumber: 'TA100300', accountPhone: '9055550199' })).toEqual({
      accountNumber: 'TA-100300',
      accountPhone: '905-555-0199',
    });
  });

  it('drop a trade account from a sign-up that is not a professional', () => {
    const data = RegisterSchema(en).parse({
      ...valid,
      isLandscapeProfessional: false,
      tradeAccount: { accountNumber: 'TA-100300', accountPhone: '905-555-0199' },
      locationId: '2',
    });
    expect(data.tradeAccount).toBeNull();
    expect(data.locationId).toBe(2);
  });

  it('ask for a password at sign-in without judging its length', () => {
    expect(SignInSchema(en.messages).safeParse({ email: 'a@b.ca', password: 'x' }).success).toBe(true);
    expect(firstMessage(SignInSchema(en.messages).safeParse({ email: 'a@b.ca', password: '' }), 'password')).toBe(
      'Please enter your password.',
    );
  });
});
