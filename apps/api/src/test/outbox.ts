import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { outboxIdle } from '../platform/mail.ts';

export type OutboxMessage = {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Parts sent as attachments, their content decoded as UTF-8 text (calendar files). */
  attachments: { filename: string; contentType: string; content: string }[];
};

type Part = { headers: Map<string, string>; body: string };

function splitHeaders(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([qQbB])\?([^?]*)\?=/g, (_m, _charset: string, encoding: string, data: string) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString('utf8');
      return decodeQuotedPrintable(data.replace(/_/g, ' '));
    });
}

function decodeQuotedPrintable(value: string): string {
  const joined = value.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

function leafParts(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leafParts(splitHeaders(chunk.replace(/^\n/, '').replace(/\n$/, ''))));
}

/** Parses one .eml written by the mailer's outbox mode: enough for tests to read recipient, subject and body. */
export function parseEml(raw: string, file = ''): OutboxMessage {
  const root = splitHeaders(raw);
  const leaves = leafParts(root);
  const bodyOf = (mime: string) =>
    leaves.find((p) => (p.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(mime));
  const text = bodyOf('text/plain');
  const html = bodyOf('text/html');
  const attachments = leaves
    .filter((p) => (p.headers.get('content-disposition') ?? '').toLowerCase().startsWith('attachment'))
    .map((p) => ({
      filename: /filename="?([^";]+)"?/i.exec(p.headers.get('content-disposition') ?? '')?.[1] ?? '',
      contentType: p.headers.get('content-type') ?? '',
      content: decodeBody(p),
    }));
  return {
    file,
    to: decodeWords(root.headers.get('to') ?? ''),
    subject: decodeWords(root.headers.get('subject') ?? ''),
    text: text ? decodeBody(text) : '',
    html: html ? decodeBody(html) : '',
    attachments,
  };
}

/**
 * The messages in an outbox folder, newest first; an outbox that was never created reads as empty.
 * Mail sent after the answer (password reset) is waited for first.
 */
export async function readOutbox(dir: string, limit = Infinity): Promise<OutboxMessage[]> {
  await outboxIdle(dir);
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml') && !name.startsWith('.'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const entries = await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      return { file, sentAt: Number(name.split('-')[0]), mtime: (await stat(file)).mtimeMs };
    }),
  );
  // Names start with the send time in ms; mtime orders messages sent within the same millisecond.
  entries.sort((a, b) => b.sentAt - a.sentAt || b.mtime - a.mtime);
  return Promise.all(entries.slice(0, limit).map(async ({ file }) => parseEml(await readFile(file, 'utf8'), file)));
}

/** The token of the newest reset email sent to `email`, read from the outbox like a person would. */
export async function resetTokenFor(
  app: { deps: { mailer: { outboxDir: string | null } } },
  email: string,
): Promise<string> {
  const messages = await readOutbox(app.deps.mailer.outboxDir!);
  const message = messages.find((m) => m.to.includes(email));
  if (!message) throw new Error(`no email for ${email}`);
  const match = /\/auth\/reset-password\?token=([^\s"&<]+)/.exec(message.text);
  return decodeURIComponent(match![1]);
}
