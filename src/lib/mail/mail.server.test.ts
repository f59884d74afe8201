import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createOutboxMailer, senderOf } from './mail.server.ts';

describe('the .eml outbox', () => {
  let dir = '';
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes each message as an .eml file and logs one line naming it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const mailer = createOutboxMailer(join(dir, 'mail'), 'Northfield Nurseries <no-reply@localhost>');
    const sent = await mailer.send({
      to: 'ada@example.com',
      subject: 'Réinitialisez votre mot de passe',
      text: 'Bonjour Ada,\n\nhttps://shop.example.ca/fr/auth/reset-password/abc.def\n',
      html: '<p>Bonjour Ada</p>',
      kind: 'reset_password',
      locale: 'fr',
    });
    const lines = write.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('mail_written'));
    write.mockRestore();
    const files = await readdir(join(dir, 'mail'));
    expect(files).toHaveLength(1);
    expect(sent.file).toBe(join(dir, 'mail', files[0] ?? ''));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(files[0]);
    const source = await readFile(join(dir, 'mail', files[0] ?? ''), 'utf8');
    expect(source).toMatch(/^To: ada@example.com\r$/m);
    expect(source).toMatch(/^X-Nursery-Mail: reset_password\r$/m);
    expect(source).toMatch(/^Content-Language: fr-CA\r$/m);
    expect(source).toContain('multipart/alternative');
  });
});

describe('the sender', () => {
  it("is the store's name in the e-mail's language when MAIL_FROM gives only an address", () => {
    expect(senderOf('no-reply@localhost', 'fr')).toEqual({
      name: 'Pépinières Northfield',
      address: 'no-reply@localhost',
    });
    expect(senderOf('no-reply@localhost', 'en')).toEqual({
      name: 'Northfield Nurseries',
      address: 'no-reply@localhost',
    });
  });

  it('is MAIL_FROM as written when it names the sender', () => {
    expect(senderOf('Ventes Northfield <ventes@example.ca>', 'fr')).toBe('Ventes Northfield <ventes@example.ca>');
  });

  it('is written in the .eml of a French e-mail as « Pépinières Northfield »', async () => {
    const out = await mkdtemp(join(tmpdir(), 'outbox-'));
    try {
      const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
      const mailer = createOutboxMailer(out, 'no-reply@localhost');
      const sent = await mailer.send({
        to: 'ada@example.com',
        subject: 'Votre demande de soumission Q-100341',
        text: 'Bonjour Ada',
        html: '<p>Bonjour Ada</p>',
        kind: 'quote_request_confirmation',
        locale: 'fr',
      });
      write.mockRestore();
      const source = await readFile(sent.file ?? '', 'utf8');
      expect(source).toMatch(/^From: =\?UTF-8\?Q\?P=C3=A9pini=C3=A8res_Northfield\?= <no-reply@localhost>\r$/m);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
