import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { env } from '../env.ts';
import { getT } from '../i18n/index.ts';
import { intlLocale } from '../i18n/locale.ts';
import { log } from '../log.ts';

/**
 * The one way the store delivers e-mail. With SMTP_URL, nodemailer delivers it; without, the
 * same message (nodemailer builds it either way) is written as an `.eml` file under
 * DATA_DIR/mail/ and one log line names the file. Only the mail outbox's worker calls it
 * (lib/mail/outbox.server.ts): a request writes an outbox row, never sends
 * (docs/decisions/043-every-email-through-the-outbox.md).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the message is (confirm_email, reset_password, …): an X-Nursery-Mail header, and the log line. */
  kind: string;
  locale: 'en' | 'fr';
}

export interface SentMail {
  messageId: string;
  /** The outbox file, when the message went to the outbox. */
  file?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
}

/**
 * The sender as the reader sees it: MAIL_FROM's own name when it gives one, else the store's
 * name in the message's language, so a French e-mail comes from « Pépinières Northfield »
 * (the default sender read "Nursery Store": English, and not the store's name).
 */
export function senderOf(from: string, locale: MailMessage['locale']): string | { name: string; address: string } {
  return from.includes('<') ? from : { name: getT(locale)('appName'), address: from.trim() };
}

function envelope(message: MailMessage, from: string) {
  return {
    from: senderOf(from, message.locale),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: { 'X-Nursery-Mail': message.kind, 'Content-Language': intlLocale(message.locale) },
  };
}

/**
 * How long one delivery may wait on the relay. Nodemailer's defaults (2 minutes to connect, 10
 * of silence) would let one hanging relay hold the outbox worker past its lease on the row
 * (2 minutes), after which another process could send the same e-mail again; these keep a
 * hanging relay to one failed attempt well inside the lease.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createSmtpMailer(url: string, from: string, timeouts: Partial<typeof SMTP_TIMEOUTS> = {}): Mailer {
  const transport = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS, ...timeouts });
  return {
    async send(message) {
      const info = await transport.sendMail(envelope(message, from));
      log('info', 'mail_sent', { kind: message.kind, messageId: info.messageId });
      return { messageId: info.messageId };
    },
  };
}

export function createOutboxMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      const info = await transport.sendMail(envelope(message, from));
      // Sortable by time; the random tail keeps two messages of the same millisecond apart.
      const stamp = new Date().toISOString().replace(/[-:.]/g, '');
      const file = join(dir, `${stamp}-${message.kind}-${randomBytes(4).toString('hex')}.eml`);
      // The directory is made when a write finds it missing, not before every message.
      await writeFile(file, info.message as Buffer).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        await mkdir(dir, { recursive: true });
        await writeFile(file, info.message as Buffer);
      });
      log('info', 'mail_written', { kind: message.kind, file });
      return { messageId: info.messageId, file };
    },
  };
}

let mailer: Mailer | undefined;

export function getMailer(): Mailer {
  if (!mailer) {
    const { SMTP_URL, MAIL_FROM, dataDir } = env();
    mailer = SMTP_URL ? createSmtpMailer(SMTP_URL, MAIL_FROM) : createOutboxMailer(join(dataDir, 'mail'), MAIL_FROM);
  }
  return mailer;
}
