import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('fills every default', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 4321,
      HOST: '127.0.0.1',
      DATA_DIR: './.data',
      APP_ENV: 'development',
      MAINTENANCE_MODE: 'off',
      SALES_DESK_EMAIL: 'sales@northfieldnurseries.ca',
    });
    expect(env.dataDir).toMatch(/\/\.data$/);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(4321);
  });

  it.each([
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['DATABASE_URL', 'not a url'],
    ['PORT', '99999'],
    ['PORT', 'eighty'],
    ['APP_ENV', 'staging'],
    ['PUBLIC_SITE_URL', 'ftp://example.com'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['MAINTENANCE_MODE', 'yes'],
    ['SALES_DESK_EMAIL', 'the sales desk'],
  ])('names %s when it is %j', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`^Invalid environment variable ${name}: `));
  });

  it('takes a sign-up allowance for the end-to-end suite only', () => {
    expect(parseEnv({ APP_ENV: 'test', TEST_SIGN_UPS_PER_HOUR: '1000' }).TEST_SIGN_UPS_PER_HOUR).toBe(1000);
    expect(parseEnv({}).TEST_SIGN_UPS_PER_HOUR).toBeUndefined();
    for (const APP_ENV of ['development', 'production']) {
      expect(() => parseEnv({ APP_ENV, TEST_SIGN_UPS_PER_HOUR: '1000' })).toThrow(/TEST_SIGN_UPS_PER_HOUR/);
    }
  });

  it('builds the store again every night at 3:00 unless told, but never under a test suite unless told', () => {
    expect(parseEnv({}).NIGHTLY_PUBLISH_HOUR).toBe(3);
    expect(parseEnv({ APP_ENV: 'production' }).NIGHTLY_PUBLISH_HOUR).toBe(3);
    expect(parseEnv({ APP_ENV: 'test' }).NIGHTLY_PUBLISH_HOUR).toBe('off');
    expect(parseEnv({ APP_ENV: 'test', NIGHTLY_PUBLISH_HOUR: '4' }).NIGHTLY_PUBLISH_HOUR).toBe(4);
    expect(parseEnv({ NIGHTLY_PUBLISH_HOUR: 'off' }).NIGHTLY_PUBLISH_HOUR).toBe('off');
    expect(() => parseEnv({ NIGHTLY_PUBLISH_HOUR: '24' })).toThrow(/NIGHTLY_PUBLISH_HOUR/);
  });

  it('asks for the service key with a Supabase URL', () => {
    expect(() => parseEnv({ SUPABASE_URL: 'https://abc.supabase.co' })).toThrow(/SUPABASE_SERVICE_ROLE_KEY/);
  });

  it('accepts a Supabase pooler URL', () => {
    const url = 'postgresql://postgres.abc:secret@aws-0-ca-central-1.pooler.supabase.com:6543/postgres';
    expect(parseEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });
});
