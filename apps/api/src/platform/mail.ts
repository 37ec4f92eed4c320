import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';
import type { Logger } from './logger.ts';

export type MailAttachment = { filename: string; content: Buffer; contentType: string };
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Extra headers (the outbox names its row, so a duplicate delivery can be told apart). */
  headers?: Record<string, string>;
};

export type SendOptions = {
  /**
   * Runs once the server is taking the message's data (after DATA's 354) and all of it has been handed
   * over, just before the line that ends it (`.`): the server delivers nothing of a message whose
   * connection dies before that line. The outbox records here that its send is ending (`cierre_en`),
   * so a row of an instance killed after this point is not sent twice. If it fails, the message is not
   * ended, and the send fails.
   */
  beforeLastLine?: () => Promise<void>;
};

export type Mailer = {
  send(message: MailMessage, options?: SendOptions): Promise<void>;
  /** Where messages are written when there is no SMTP server (DATA_DIR/outbox), otherwise null. */
  outboxDir: string | null;
};

const LINK = /https?:\/\/[^\s<>"')\]]+/g;

/**
 * How long an SMTP exchange may stall before it fails (nodemailer's defaults reach 10 minutes): a send
 * ends well within the outbox's lease (platform/messages/outbox.ts), so no other instance takes a row
 * that is still being sent.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 } as const;
export type SmtpTimeouts = { [K in keyof typeof SMTP_TIMEOUTS]: number };

/**
 * The TCP connection to the SMTP server, opened with Nagle's algorithm off (`noDelay`), as mail
 * servers' own clients do. nodemailer writes a message's headers and its body as two writes; with
 * Nagle on, the body waited for the server's delayed ACK of the headers (40 ms on Linux), so every
 * email took about 45 ms on an idle local server instead of 2. nodemailer cannot set it on a socket
 * it opens, so the socket is opened here (with the connection timeout nodemailer would apply) and
 * handed over connected; TLS (`smtps://`, STARTTLS) is still nodemailer's.
 */
function connectWithoutDelay(timeoutMs: number): SMTPTransport.Options['getSocket'] {
  return (options, done) => {
    const secure = Boolean(options.secure);
    const socket = connect({
      host: options.host ?? 'localhost',
      port: Number(options.port) || (secure ? 465 : 587),
      noDelay: true,
      timeout: timeoutMs,
    });
    const fail = (error: Error) => {
      socket.destroy();
      done(error, null);
    };
    const timedOut = () => fail(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' }));
    socket.once('error', fail);
    socket.once('timeout', timedOut);
    socket.once('connect', () => {
      socket.off('error', fail);
      socket.off('timeout', timedOut);
      socket.setTimeout(0);
      done(null, { connection: socket });
    });
  };
}

/** The outbox keeps the sending error (`cause`) as the reason of a failed message; a client sees the message only. */
const sendFailed = (cause: unknown) => {
  const error = new AppError(
    503,
    'service_unavailable',
    'Ocurrió un error al enviar el correo. Inténtalo de nuevo más tarde.',
  );
  error.cause = cause;
  return error;
};

// Sends still being written to each outbox: mail may be sent after the answer (password reset), and
// tests wait for it here before they read the folder.
const pendingByOutbox = new Map<string, Set<Promise<unknown>>>();

function track(outboxDir: string, sending: Promise<unknown>) {
  let pending = pendingByOutbox.get(outboxDir);
  if (!pending) {
    pending = new Set();
    pendingByOutbox.set(outboxDir, pending);
  }
  pending.add(sending);
  const done = () => pending.delete(sending);
  sending.then(done, done);
}

/** Resolves once every message being written to this outbox is written (or has failed). */
export async function outboxIdle(outboxDir: string): Promise<void> {
  const pending = pendingByOutbox.get(outboxDir);
  while (pending && pending.size > 0) await Promise.allSettled([...pending]);
}

/**
 * SMTP when SMTP_URL is set. Otherwise each message becomes an .eml file in DATA_DIR/outbox, so
 * password reset works on a laptop without a mail server; outside production its links are also
 * logged. A production log never holds them: a reset link is a secret.
 */
/** The key under which a message's `beforeLastLine` reaches the transport's stream plugin. */
const BEFORE_LAST_LINE = 'odontiaBeforeLastLine';

/**
 * The message's stream with its end held back until `beforeLastLine` has run, once the stream is being
 * read: nodemailer pipes it into the DATA stream only when the server has answered 354, and writes the
 * ending line when it ends.
 */
class HeldEnd extends Transform {
  private readonly reading = new Promise<void>((resolve) => this.once('resume', () => resolve()));
  constructor(private readonly beforeLastLine: () => Promise<void>) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    done(null, chunk);
  }
  override _flush(done: TransformCallback) {
    this.reading.then(this.beforeLastLine).then(
      () => done(),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  }
}

export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'smtpFrom' | 'dataDir'> & Partial<Pick<Config, 'production'>>,
  logger: Logger,
  timeouts: SmtpTimeouts = SMTP_TIMEOUTS,
): Mailer {
  if (config.smtpUrl) {
    // The transport is built from its options object: `createTransport(url, x)` would take `x` as the
    // messages' defaults and leave the connection on nodemailer's timeouts of up to 10 minutes.
    const transport = nodemailer.createTransport(
      new SMTPTransport({
        url: config.smtpUrl,
        ...timeouts,
        getSocket: connectWithoutDelay(timeouts.connectionTimeout),
      }),
    );
    transport.use('stream', (mail, done) => {
      const beforeLastLine = (mail.data as Record<string, unknown>)[BEFORE_LAST_LINE] as SendOptions['beforeLastLine'];
      if (beforeLastLine)
        mail.message.processFunc((input) => {
          const held = new HeldEnd(beforeLastLine);
          input.once('error', (error) => held.destroy(error));
          return input.pipe(held);
        });
      done();
    });
    return {
      outboxDir: null,
      async send(message, options) {
        try {
          const mail = { from: config.smtpFrom, ...message, [BEFORE_LAST_LINE]: options?.beforeLastLine };
          await transport.sendMail(mail);
        } catch (error) {
          // The SMTP error may name the server or account: it goes to the log, never to the client.
          logger.error({ err: error }, 'No se pudo enviar un correo por SMTP');
          throw sendFailed(error);
        }
      },
    };
  }

  const outboxDir = path.join(config.dataDir, 'outbox');
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const write = async (message: MailMessage, options?: SendOptions) => {
    const info = await composer.sendMail({ from: config.smtpFrom, ...message });
    await options?.beforeLastLine?.();
    // The timestamp prefix keeps `ls` in sending order; the random part keeps same-millisecond messages apart.
    const name = `${Date.now()}-${randomBytes(6).toString('hex')}.eml`;
    const file = path.join(outboxDir, name);
    const tmp = path.join(outboxDir, `.${name}.tmp`);
    try {
      await mkdir(outboxDir, { recursive: true });
      await writeFile(tmp, info.message);
      await rename(tmp, file);
    } catch (error) {
      await rm(tmp, { force: true });
      logger.error({ err: error }, 'No se pudo guardar un correo en la bandeja local');
      throw sendFailed(error);
    }
    if (config.production) {
      logger.info({ file }, 'Correo guardado en la bandeja local (sin SMTP)');
      return;
    }
    // A link that ends a sentence must not take the full stop with it.
    const links = (message.text.match(LINK) ?? []).map((link) => link.replace(/[.,;:!?]+$/, ''));
    logger.info(
      { to: message.to, subject: message.subject, links, file },
      'Correo guardado en la bandeja local (sin SMTP)',
    );
  };
  return {
    outboxDir,
    send(message, options) {
      const sending = write(message, options);
      track(outboxDir, sending);
      return sending;
    },
  };
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

export type EmailContent = {
  title: string;
  paragraphs: string[];
  action?: { label: string; url: string };
};

/** One look for every email: plain text plus a simple HTML version with inline styles (mail clients drop <style>). */
export function renderEmail({ title, paragraphs, action }: EmailContent): { text: string; html: string } {
  if (action && !/^https?:\/\//i.test(action.url)) {
    // A javascript: or data: link in an email is never intended.
    throw new Error(`renderEmail: the action URL must be http(s), got "${action.url.slice(0, 20)}"`);
  }

  const text = [
    title,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}:`, action.url, ''] : []),
    '—',
    'Odontia',
  ].join('\n');

  const font = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
  const url = action ? escapeHtml(action.url) : '';
  const link = `<a href="${url}" style="color:#0e7490;word-break:break-all;">${url}</a>`;
  // A text that names the action's address (a clinic's message template: «…aquí: {enlace}») links it
  // there, and then needs no second copy under the button.
  const inText = action ? paragraphs.some((p) => p.includes(action.url)) : false;
  const paragraph = (p: string) => (action ? escapeHtml(p).split(url).join(link) : escapeHtml(p));
  const body = [
    `<h1 style="margin:0 0 16px;font-size:20px;line-height:28px;color:#0f172a;${font}">${escapeHtml(title)}</h1>`,
    ...paragraphs.map(
      (p) => `<p style="margin:0 0 16px;font-size:15px;line-height:22px;color:#334155;${font}">${paragraph(p)}</p>`,
    ),
    ...(action
      ? [
          `<p style="margin:24px 0;"><a href="${url}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#0e7490;color:#ffffff;text-decoration:none;font-weight:600;font-size:15px;${font}">${escapeHtml(action.label)}</a></p>`,
          ...(inText
            ? []
            : [
                `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#64748b;${font}">Si el botón no funciona, copia este enlace en tu navegador:<br>${link}</p>`,
              ]),
        ]
      : []),
  ].join('\n');

  const html = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px;">
<tr><td>
<p style="margin:0 0 24px;font-size:18px;font-weight:700;color:#0e7490;${font}">Odontia</p>
${body}
</td></tr>
</table>
<p style="margin:16px 0 0;font-size:12px;color:#94a3b8;${font}">Odontia · Software para clínicas dentales</p>
</td></tr>
</table>
</body>
</html>`;

  return { text, html };
}
