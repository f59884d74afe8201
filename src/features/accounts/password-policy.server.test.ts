import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_COUNT, passwordWeakness, weakPasswordError } from './password-policy.server.ts';

describe('passwordWeakness', () => {
  it('refuses the 10,000 most common passwords, whatever their case', () => {
    const list = dictionary['passwords-common'];
    for (const password of ['password', 'Password', '12345678', 'iloveyou', list[COMMON_PASSWORD_COUNT - 1] ?? '']) {
      expect(passwordWeakness(password, 'grace@example.com'), password).toBe('common');
    }
    // Past the 10,000th the list is not used.
    expect(passwordWeakness(`${list[COMMON_PASSWORD_COUNT + 5]}`, 'grace@example.com')).toBeUndefined();
  });

  it('refuses the e-mail address and passwords containing its local part', () => {
    expect(passwordWeakness('grace.hopper@example.com', 'Grace.Hopper@example.com')).toBe('email');
    expect(passwordWeakness('my grace.hopper 2026', 'grace.hopper@example.com')).toBe('email');
    expect(passwordWeakness('GRACE.HOPPER-garden', 'grace.hopper@example.com')).toBe('email');
  });

  it('accepts an uncommon passphrase, and ignores local parts too short to matter', () => {
    expect(passwordWeakness('a garden of forking paths', 'grace@example.com')).toBeUndefined();
    expect(passwordWeakness('a garden of forking paths', 'ab@example.com')).toBeUndefined();
  });

  it('says why under the password field, in both languages', () => {
    expect(weakPasswordError('common', 'en').fields?.password).toBe(
      'This password is one of the most common ones. Please choose one that is harder to guess.',
    );
    expect(weakPasswordError('email', 'fr').fields?.password).toBe(
      'Votre mot de passe ne doit pas contenir votre adresse courriel.',
    );
    expect(weakPasswordError('common', 'fr').status).toBe(422);
  });
});
