import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createOutboxMailer } from './mail.server.ts';

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
