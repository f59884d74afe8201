import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { expect } from '@playwright/test';

/**
 * Reads the e-mails the test server wrote to its outbox (DATA_DIR/mail/*.eml): headers, and
 * the plain-text part decoded from quoted-printable or base64.
 */
export const OUTBOX_DIR = join(resolve(process.env.E2E_DATA_DIR ?? '.data-e2e'), 'mail');

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  kind: string;
  language: string;
  text: string;
  html: string;
}

function unfold(headers: string): Map<string, string> {
  const map = new Map<string, string>();
  const lines = headers
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]+/g, ' ')
    .split('\n');
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) map.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return map;
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([BQbq])\?([^?]*)\?=\s*/g,
    (_match, _charset: string, encoding: string, text: string) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      return decodeQuotedPrintable(text.replace(/_/g, ' '));
    },
  );
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

function decodePart(part: string): { type: string; body: string } {
  const split = part.replace(/\r\n/g, '\n').indexOf('\n\n');
  const normalized = part.replace(/\r\n/g, '\n');
  const headers = unfold(normalized.slice(0, split));
  const raw = normalized.slice(split + 2);
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(raw.replace(/\s/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(raw)
        : raw;
  return { type: (headers.get('content-type') ?? 'text/plain').toLowerCase(), body };
}

export function parseEml(file: string, source: string): OutboxMail {
  const normalized = source.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  const headers = unfold(normalized.slice(0, split));
  const body = normalized.slice(split + 2);
  const contentType = headers.get('content-type') ?? '';
  let text = '';
  let html = '';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const decoded = decodePart(part.replace(/^\n/, ''));
      if (decoded.type.startsWith('text/plain')) text = decoded.body;
      if (decoded.type.startsWith('text/html')) html = decoded.body;
    }
  } else {
    text = decodePart(normalized).body;
  }
  return {
    file,
    to: headers.get('to') ?? '',
    subject: decodeWords(headers.get('subject') ?? ''),
    kind: headers.get('x-nursery-mail') ?? '',
    language: headers.get('content-language') ?? '',
    text,
    html,
  };
}

export async function readOutbox(): Promise<OutboxMail[]> {
  const files = (
    await readdir(OUTBOX_DIR).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    })
  ).filter((file) => file.endsWith('.eml'));
  files.sort();
  return Promise.all(files.map(async (file) => parseEml(file, await readFile(join(OUTBOX_DIR, file), 'utf8'))));
}

/** The newest e-mail of a kind to an address, waiting for the server to write it. */
export async function waitForMail(to: string, kind: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await readOutbox()).filter((mail) => mail.to.includes(to) && mail.kind === kind);
        found = mails.at(-1);
        return found !== undefined;
      },
      { message: `an e-mail (${kind}) to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return found as OutboxMail;
}

export async function mailsTo(to: string, kind?: string): Promise<OutboxMail[]> {
  return (await readOutbox()).filter((mail) => mail.to.includes(to) && (!kind || mail.kind === kind));
}

/** The link of an account e-mail, as a path on the test server. */
export function linkIn(mail: OutboxMail, path: 'confirm' | 'reset-password'): URL {
  const match = new RegExp(`https?://[^\\s]+/auth/${path}/[A-Za-z0-9_.-]+`).exec(mail.text);
  if (!match) throw new Error(`No ${path} link in ${mail.file}:\n${mail.text}`);
  return new URL(match[0]);
}
