/**
 * A minimal SMTP server for the bench (no network beyond the machine): EHLO/HELO, MAIL FROM, RCPT TO,
 * DATA until `<CRLF>.<CRLF>`, RSET, NOOP, QUIT; no authentication, no TLS (STARTTLS is not advertised,
 * so nodemailer with a plain smtp:// URL sends in the clear). It keeps nothing but, per message, the
 * value of one header (the outbox's `X-Odontia-Mensaje`): how many messages came, how many distinct
 * values, and how many came more than once. A message counts once its final dot has arrived, whether or
 * not the client lived to read the 250 (as a real server would have delivered it).
 */
import { createServer, type Server, type Socket } from 'node:net';

export type SmtpSink = {
  port: number;
  /** Messages received whole. */
  total(): number;
  /** Distinct header values among them. */
  unique(): number;
  /** Messages received beyond the first for their header value. */
  duplicates(): number;
  /** Received whole without the header. */
  withoutHeader(): number;
  /** Header value → times received. */
  counts: Map<string, number>;
  close(): Promise<void>;
};

const END_OF_DATA = '\r\n.\r\n';

export async function startSmtpSink(header: string): Promise<SmtpSink> {
  const counts = new Map<string, number>();
  let total = 0;
  let duplicates = 0;
  let withoutHeader = 0;
  const sockets = new Set<Socket>();
  const headerLine = new RegExp(`^${header.replace(/[-]/g, '\\-')}:[ \\t]*(\\S+)`, 'im');

  const received = (message: string) => {
    total++;
    const headEnd = message.indexOf('\r\n\r\n');
    const match = headerLine.exec(headEnd === -1 ? message : message.slice(0, headEnd));
    if (!match) {
      withoutHeader++;
      return;
    }
    const id = match[1];
    const seen = counts.get(id) ?? 0;
    if (seen > 0) duplicates++;
    counts.set(id, seen + 1);
  };

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.setEncoding('latin1');
    let buffer = '';
    let inData = false;
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          if (buffer.startsWith('.\r\n')) {
            // An empty message: the terminator is its first line.
            received('');
            buffer = buffer.slice(3);
          } else {
            const end = buffer.indexOf(END_OF_DATA);
            if (end === -1) return;
            received(buffer.slice(0, end));
            buffer = buffer.slice(end + END_OF_DATA.length);
          }
          inData = false;
          reply('250 2.0.0 Ok: queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-bench.smtp\r\n250-8BITMIME\r\n250 SMTPUTF8');
        else if (verb === 'HELO') reply('250 bench.smtp');
        else if (verb === 'MAIL' || verb === 'RCPT' || verb === 'RSET' || verb === 'NOOP') reply('250 2.0.0 Ok');
        else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 Bye');
          socket.end();
          return;
        } else reply('502 5.5.2 Command not recognized');
      }
    });
    // A client killed mid-conversation (kill -9 of an API instance) resets its connection: that message is not counted.
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    reply('220 bench.smtp ESMTP');
  });
  server.maxConnections = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    port,
    counts,
    total: () => total,
    unique: () => counts.size,
    duplicates: () => duplicates,
    withoutHeader: () => withoutHeader,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
