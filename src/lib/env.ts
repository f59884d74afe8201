import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the server and the scripts read, declared once.
 * All are optional locally; a bad value stops start-up with one line naming the variable.
 */
const postgresUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
  } catch {
    return false;
  }
}, 'must be a postgres:// or postgresql:// URL with a host');

const httpUrl = z.url({ protocol: /^https?$/ });

export const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(4321),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./.data'),
    DATABASE_URL: postgresUrl.optional(),
    SUPABASE_URL: httpUrl.optional(),
    SUPABASE_SERVICE_ROLE_KEY: z.string().min(1).optional(),
    SUPABASE_STORAGE_BUCKET: z.string().min(1).default('product-images'),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    /** The sender; without a name of its own (`no-reply@…`), each e-mail names the store in its language. */
    MAIL_FROM: z.string().min(3).default('no-reply@localhost'),
    /** Where each new quote request is announced to the sales desk. */
    SALES_DESK_EMAIL: z.email().default('sales@northfieldnurseries.ca'),
    /** How many days before a quote version's last day its reminder e-mail goes (decision 049). */
    QUOTE_REMINDER_DAYS: z.coerce.number().int().min(1).max(30).default(3),
    /**
     * The hour (0–23, the nursery's clock) of the Node server's nightly full build, or `off`
     * (decision 050). Unset: 3, or `off` under APP_ENV=test, whose servers serve a test suite
     * that a full build swapped in half-way would disturb (CI may run at any hour).
     */
    NIGHTLY_PUBLISH_HOUR: z.union([z.literal('off'), z.coerce.number().int().min(0).max(23)]).optional(),
    /**
     * The nursery's sales-tax registration numbers, printed beside each tax on a priced quote
     * (decision 051). The defaults are demo values in each number's format.
     */
    TAX_NUMBER_GST_HST: z.string().trim().min(1).max(40).default('123456789 RT0001'),
    TAX_NUMBER_QST: z.string().trim().min(1).max(40).default('1234567890 TQ0001'),
    TAX_NUMBER_BC_PST: z.string().trim().min(1).max(40).default('PST-1234-5678'),
    TAX_NUMBER_MB_RST: z.string().trim().min(1).max(40).default('123456-7'),
    TAX_NUMBER_SK_PST: z.string().trim().min(1).max(40).default('1234567'),
    APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
    /**
     * Sign-ups per address per hour, for the end-to-end suite only (it signs up every account it
     * needs from 127.0.0.1): honoured with APP_ENV=test, refused anywhere else.
     */
    TEST_SIGN_UPS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).optional(),
    PUBLIC_SITE_URL: httpUrl.default('http://127.0.0.1:4321'),
    MAINTENANCE_MODE: z.enum(['on', 'off']).default('off'),
    PUBLIC_POSTHOG_KEY: z.string().min(1).optional(),
    PUBLIC_POSTHOG_HOST: httpUrl.default('https://us.i.posthog.com'),
    /** Vercel: the deploy hook an admin change calls to publish the catalog (issue 11). */
    VERCEL_DEPLOY_HOOK_URL: z.url({ protocol: /^https$/ }).optional(),
    /**
     * Vercel: the ISR bypass token (docs/decisions/050). The build gives it to the cached
     * catalogue pages; a publish revalidates the pages an edit touched with it.
     */
    VERCEL_ISR_BYPASS_TOKEN: z.string().min(32).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.TEST_SIGN_UPS_PER_HOUR !== undefined && env.APP_ENV !== 'test') {
      ctx.addIssue({ code: 'custom', path: ['TEST_SIGN_UPS_PER_HOUR'], message: 'is only for APP_ENV=test' });
    }
    if (env.SUPABASE_URL && !env.SUPABASE_SERVICE_ROLE_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['SUPABASE_SERVICE_ROLE_KEY'],
        message: 'is required when SUPABASE_URL is set',
      });
    }
  });

export type Env = Omit<z.infer<typeof EnvSchema>, 'NIGHTLY_PUBLISH_HOUR'> & {
  NIGHTLY_PUBLISH_HOUR: 'off' | number;
  dataDir: string;
};

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Reads and validates the environment; throws an EnvError whose message names the bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings count as unset, as most shells and dotenv files mean them.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new EnvError(`Invalid environment variable ${name}: ${issue?.message ?? 'invalid value'}`);
  }
  const { data } = result;
  return {
    ...data,
    NIGHTLY_PUBLISH_HOUR: data.NIGHTLY_PUBLISH_HOUR ?? (data.APP_ENV === 'test' ? 'off' : 3),
    dataDir: resolve(data.DATA_DIR),
  };
}

let cached: Env | undefined;

/** The validated environment of this process, read once. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
