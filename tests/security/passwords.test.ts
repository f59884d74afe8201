import { describe, expect, it } from 'vitest';
import { postJson, SERVERS } from './probe.ts';

/** Issue 9.3: the sign-up refuses guessable passwords, saying why in the visitor's language. */
const signUp = (email: string, password: string) => ({
  firstName: 'Acer',
  lastName: 'Rubrum',
  email,
  phone: '',
  password,
  confirmPassword: password,
  isLandscapeProfessional: false,
  tradeAccount: null,
  locationId: 1,
});

describe.each(SERVERS)('password choice on $engine', (server) => {
  for (const [attack, password, locale, message] of [
    [
      'a top-10,000 password',
      'password123',
      'en',
      'This password is one of the most common ones. Please choose one that is harder to guess.',
    ],
    [
      'a top-10,000 password, in French',
      'iloveyou',
      'fr',
      'Ce mot de passe est parmi les plus courants. Veuillez en choisir un plus difficile à deviner.',
    ],
    ['the e-mail address', 'acer.rubrum.probe@example.com', 'en', 'Your password must not contain your email address.'],
    [
      'the local part of the address',
      'acer.rubrum.probe!',
      'fr',
      'Votre mot de passe ne doit pas contenir votre adresse courriel.',
    ],
  ] as const) {
    it(`weak password: sign-up with ${attack} is refused (422) with the field's message`, async () => {
      const response = await postJson(server, '/api/auth/register', signUp('acer.rubrum.probe@example.com', password), {
        'accept-language': locale === 'fr' ? 'fr-CA' : 'en-CA',
      });
      expect(response.status).toBe(422);
      expect(JSON.parse(response.body).error.fields.password).toBe(message);
    });
  }

  it('long passwords: a 64-character passphrase is accepted', async () => {
    const password = 'the quick brown fox jumps over the lazy dog in the nursery garden';
    expect(password.length).toBeGreaterThanOrEqual(64);
    const response = await postJson(server, '/api/auth/register', signUp(`long.${Date.now()}@example.com`, password));
    expect(response.status).toBe(201);
  });
});
