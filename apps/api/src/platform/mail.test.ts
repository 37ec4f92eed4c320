import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readOutbox } from '../test/outbox.ts';
import { AppError } from './errors.ts';
import { createMailer, renderEmail } from './mail.ts';

const FROM = 'Odontia <no-responder@odontia.local>';
const RESET_URL = 'http://localhost:3000/auth/reset-password?token=abc_DEF-123';

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info', base: undefined }, stream), lines };
}

/** Just enough SMTP to receive one message per connection, no TLS, no auth. */
function fakeSmtpServer(received: string[], commands: string[] = []): Promise<Server> {
  const server = createServer((socket) => {
    let data: string | null = null;
    let buffered = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffered += chunk.toString();
      let end: number;
      while ((end = buffered.indexOf('\r\n')) !== -1) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            received.push(data);
            data = null;
            socket.write('250 OK queued\r\n');
          } else {
            data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
        } else if ((commands.push(line), /^DATA/i.test(line))) {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) {
          socket.end('221 bye\r\n');
        } else {
          socket.write('250 OK\r\n');
        }
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('createMailer without SMTP_URL (outbox)', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'odontia-mail-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes an .eml with the Spanish subject and the link, and logs the link', async () => {
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ smtpUrl: undefined, smtpFrom: FROM, dataDir }, logger);
    expect(mailer.outboxDir).toBe(path.join(dataDir, 'outbox'));

    const { text, html } = renderEmail({
      title: 'Restablece tu contraseña',
      paragraphs: [
        'Hemos recibido una solicitud para restablecer tu contraseña.',
        'Más información en https://odontia.test/ayuda.',
      ],
      action: { label: 'Elegir una nueva contraseña', url: RESET_URL },
    });
    await mailer.send({ to: 'ana@example.com', subject: 'Restablece tu contraseña de Odontia', text, html });

    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{13}-[0-9a-f]+\.eml$/);
    const raw = await readFile(path.join(dataDir, 'outbox', files[0]), 'utf8');
    expect(raw).toMatch(/^From: Odontia <no-responder@odontia\.local>$/m);
    expect(raw).toMatch(/^To: ana@example\.com$/m);
    expect(raw).toMatch(/^Subject: /m);

    const [message] = await readOutbox(path.join(dataDir, 'outbox'));
    expect(message.to).toBe('ana@example.com');
    expect(message.subject).toBe('Restablece tu contraseña de Odontia');
    expect(message.text).toContain('Restablece tu contraseña');
    expect(message.text).toContain(RESET_URL);
    expect(message.html).toContain(`href="${RESET_URL}"`);

    const logged = lines.find((line) => Array.isArray(line.links));
    expect(logged).toMatchObject({
      level: 30,
      to: 'ana@example.com',
      links: ['https://odontia.test/ayuda', RESET_URL],
    });
  });

  it('never logs a link (a reset token is a secret) in production: the outbox file is enough', async () => {
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ smtpUrl: undefined, smtpFrom: FROM, dataDir, production: true }, logger);
    const { text, html } = renderEmail({
      title: 'Restablece tu contraseña',
      paragraphs: ['Hola.'],
      action: { label: 'Elegir', url: RESET_URL },
    });
    await mailer.send({ to: 'ana@example.com', subject: 'Restablece tu contraseña de Odontia', text, html });
    expect((await readOutbox(mailer.outboxDir!))[0].text).toContain(RESET_URL);
    expect(lines.length).toBeGreaterThan(0);
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain('token=');
    expect(logged).not.toContain('ana@example.com');
  });

  it('keeps every message, newest first, without leftover temporary files', async () => {
    const { logger } = capturingLogger();
    const mailer = createMailer({ smtpUrl: undefined, smtpFrom: FROM, dataDir }, logger);
    for (const n of [1, 2, 3]) {
      await mailer.send({
        to: `p${n}@example.com`,
        subject: `Mensaje ${n}`,
        text: `Texto ${n}`,
        html: `<p>Texto ${n}</p>`,
      });
    }
    const messages = await readOutbox(mailer.outboxDir!);
    expect(messages.map((m) => m.subject)).toEqual(['Mensaje 3', 'Mensaje 2', 'Mensaje 1']);
    expect((await readdir(mailer.outboxDir!)).every((name) => name.endsWith('.eml'))).toBe(true);
  });

  it('does not let a subject with a line break add headers', async () => {
    const { logger } = capturingLogger();
    const mailer = createMailer({ smtpUrl: undefined, smtpFrom: FROM, dataDir }, logger);
    await mailer.send({
      to: 'ana@example.com',
      subject: 'Hola\r\nBcc: intruso@example.com',
      text: 'x',
      html: '<p>x</p>',
    });
    const [file] = await readdir(mailer.outboxDir!);
    const raw = await readFile(path.join(mailer.outboxDir!, file), 'utf8');
    expect(raw).not.toMatch(/^Bcc:/im);
  });
});

describe('createMailer with SMTP_URL', () => {
  let server: Server | undefined;
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'odontia-mail-'));
  });
  afterEach(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sends through the server and writes no outbox', async () => {
    const received: string[] = [];
    server = await fakeSmtpServer(received);
    const { port } = server.address() as AddressInfo;
    const { logger } = capturingLogger();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, smtpFrom: FROM, dataDir }, logger);
    expect(mailer.outboxDir).toBeNull();

    await mailer.send({
      to: 'ana@example.com',
      subject: 'Bienvenida a Odontia',
      text: `Hola ${RESET_URL}`,
      html: '<p>Hola</p>',
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(/^From: Odontia <no-responder@odontia\.local>$/m);
    expect(received[0]).toMatch(/^Subject: Bienvenida a Odontia$/m);
    expect(await readdir(dataDir)).toEqual([]);
  });

  /** A mailer sending to a fake SMTP server started for the test: what it received, and its commands. */
  async function smtpMailer() {
    const received: string[] = [];
    const commands: string[] = [];
    server = await fakeSmtpServer(received, commands);
    const { port } = server.address() as AddressInfo;
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${port}`, smtpFrom: FROM, dataDir },
      capturingLogger().logger,
    );
    return { mailer, received, commands };
  }

  it('sends each email without waiting for a delayed ACK (Nagle off on the SMTP connection)', async () => {
    const { mailer, received } = await smtpMailer();
    const message = { to: 'ana@example.com', subject: 'Recordatorio', text: 'x'.repeat(4000), html: '<p>x</p>' };
    await mailer.send(message); // the first send loads nodemailer's modules
    const started = performance.now();
    for (let i = 0; i < 10; i++) await mailer.send(message);
    const elapsed = performance.now() - started;
    expect(received).toHaveLength(11);
    // With Nagle on, each message's body waits for the server's delayed ACK (40 ms on Linux): >= 400 ms.
    expect(elapsed).toBeLessThan(300);
  });

  it('holds the line that ends a message until beforeLastLine has run, once the server takes its data', async () => {
    const { mailer, received, commands } = await smtpMailer();
    const seen: { commands: string[]; received: number }[] = [];
    await mailer.send(
      { to: 'ana@example.com', subject: 'Recordatorio', text: 'Hola', html: '<p>Hola</p>' },
      {
        beforeLastLine: async () => {
          seen.push({ commands: [...commands], received: received.length });
        },
      },
    );
    expect(seen).toEqual([{ commands: expect.arrayContaining(['DATA']) as string[], received: 0 }]);
    expect(received).toHaveLength(1);
  });

  it('delivers nothing and fails when beforeLastLine fails', async () => {
    const { mailer, received } = await smtpMailer();
    const message = { to: 'ana@example.com', subject: 'Recordatorio', text: 'Hola', html: '<p>Hola</p>' };
    await expect(
      mailer.send(message, { beforeLastLine: () => Promise.reject(new Error('la base de datos no responde')) }),
    ).rejects.toBeInstanceOf(AppError);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toHaveLength(0);
    // The next message goes out as usual.
    await mailer.send(message);
    expect(received).toHaveLength(1);
  });

  it('gives up on a server that never greets after the greeting timeout', async () => {
    server = await new Promise<Server>((resolve) => {
      const silent = createServer(() => {});
      silent.listen(0, '127.0.0.1', () => resolve(silent));
    });
    const { port } = server.address() as AddressInfo;
    const { logger } = capturingLogger();
    const timeouts = { connectionTimeout: 500, greetingTimeout: 500, socketTimeout: 500 };
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, smtpFrom: FROM, dataDir }, logger, timeouts);
    const started = performance.now();
    await expect(mailer.send({ to: 'ana@example.com', subject: 'x', text: 'x', html: 'x' })).rejects.toBeInstanceOf(
      AppError,
    );
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('turns a delivery failure into a Spanish 503 and logs the cause', async () => {
    // Grab a free port, then close it so the connection is refused.
    const closed = await fakeSmtpServer([]);
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, smtpFrom: FROM, dataDir }, logger);

    const error = await mailer.send({ to: 'ana@example.com', subject: 'x', text: 'x', html: 'x' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(503);
    expect((error as AppError).message).toBe('Ocurrió un error al enviar el correo. Inténtalo de nuevo más tarde.');
    expect(lines.some((line) => line.level === 50)).toBe(true);
  });
});

describe('renderEmail', () => {
  it('escapes every piece of text in the HTML and keeps the text version readable', () => {
    const { text, html } = renderEmail({
      title: 'Hola <b>Ana</b> & "equipo"',
      paragraphs: ['<script>alert(1)</script>', "L'Hospitalet"],
      action: { label: 'Ver <cita>', url: 'https://odontia.test/citas?a=1&b="x"' },
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Ana</b>');
    expect(html).toContain('Hola &lt;b&gt;Ana&lt;/b&gt; &amp; &quot;equipo&quot;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('L&#39;Hospitalet');
    expect(html).toContain('href="https://odontia.test/citas?a=1&amp;b=&quot;x&quot;"');
    expect(html).toContain('Ver &lt;cita&gt;');
    expect(html).toContain('lang="es"');
    expect(html).toContain('Odontia');
    expect(html).not.toMatch(/<style/i);

    expect(text).toContain('Hola <b>Ana</b> & "equipo"');
    expect(text).toContain('https://odontia.test/citas?a=1&b="x"');
    expect(text).toContain('Odontia');
  });

  it('links the action’s address where the text names it, and then gives it once', () => {
    const url = 'https://odontia.test/cita/abc?x=1&y=2';
    const { html } = renderEmail({
      title: 'Tu cita',
      paragraphs: [`Puedes confirmar tu asistencia o cancelar la cita aquí: ${url}`],
      action: { label: 'Ver mi cita', url },
    });
    const href = 'https://odontia.test/cita/abc?x=1&amp;y=2';
    expect(html).toContain(`aquí: <a href="${href}"`);
    // The button and the text's link; no «Si el botón no funciona» copy.
    expect(html.split(`href="${href}"`)).toHaveLength(3);
    expect(html).not.toContain('Si el botón no funciona');
    // Without the address in the text, the copy under the button stays.
    expect(renderEmail({ title: 't', paragraphs: ['Hola'], action: { label: 'Ver', url } }).html).toContain(
      'Si el botón no funciona',
    );
  });

  it('works without an action', () => {
    const { text, html } = renderEmail({ title: 'Aviso', paragraphs: ['Uno', 'Dos'] });
    expect(text.startsWith('Aviso\n\nUno\n\nDos\n')).toBe(true);
    expect(html).not.toContain('<a ');
  });

  it('refuses links that are not http(s)', () => {
    expect(() =>
      renderEmail({ title: 't', paragraphs: [], action: { label: 'x', url: 'javascript:alert(1)' } }),
    ).toThrow();
  });
});
