/**
 * A keep-alive HTTP/1.1 client straight on node:net for the `jornada` section: one socket per
 * connection, one request in flight on it, the request written as one string and the answer parsed
 * by hand (status line, Content-Length or chunked body). No Agent, no IncomingMessage, no streams:
 * the load generator shares the machine's two cores with the API and PostgreSQL it measures, so the
 * less it spends per request the more of the machine is left to them (the section measures its own
 * ceiling against /api/health).
 */
import net from 'node:net';

export type RawResponse = { status: number; body: string };

const HEADER_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

/** Parses one complete response at the start of `buf`: the response and the bytes it used, or null if incomplete. */
export function parseResponse(buf: Buffer): { response: RawResponse; used: number } | null {
  const headerEnd = buf.indexOf(HEADER_END);
  if (headerEnd < 0) return null;
  const head = buf.toString('latin1', 0, headerEnd);
  const status = Number(head.slice(9, 12));
  if (!Number.isInteger(status) || !head.startsWith('HTTP/1.')) throw new Error(`respuesta HTTP no válida: ${head}`);
  const bodyStart = headerEnd + 4;
  const lengthMatch = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (lengthMatch) {
    const end = bodyStart + Number(lengthMatch[1]);
    if (buf.length < end) return null;
    return { response: { status, body: buf.toString('utf8', bodyStart, end) }, used: end };
  }
  if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) {
    const chunks: Buffer[] = [];
    let at = bodyStart;
    for (;;) {
      const lineEnd = buf.indexOf(CRLF, at);
      if (lineEnd < 0) return null;
      const size = parseInt(buf.toString('latin1', at, lineEnd), 16);
      if (Number.isNaN(size)) throw new Error('tamaño de fragmento no válido');
      const dataStart = lineEnd + 2;
      if (size === 0) {
        // No trailers are sent: the body ends with the empty line after the last chunk.
        if (buf.length < dataStart + 2) return null;
        return { response: { status, body: Buffer.concat(chunks).toString('utf8') }, used: dataStart + 2 };
      }
      if (buf.length < dataStart + size + 2) return null;
      chunks.push(buf.subarray(dataStart, dataStart + size));
      at = dataStart + size + 2;
    }
  }
  // 204, 304 or a HEAD: no body.
  return { response: { status, body: '' }, used: bodyStart };
}

/** One keep-alive connection; reconnects on the next request if the server closed it. */
export class RawConnection {
  private socket: net.Socket | null = null;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (r: RawResponse) => void; reject: (e: Error) => void } | null = null;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  private connect(): Promise<net.Socket> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: this.host, port: this.port, noDelay: true }, () => resolve(socket));
      socket.once('error', reject);
      socket.on('data', (data: Buffer) => this.onData(data));
      socket.on('error', (error) => this.fail(error));
      socket.on('close', () => {
        if (this.socket === socket) this.socket = null;
        this.fail(new Error('el servidor cerró la conexión'));
      });
    });
  }

  private onData(data: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, data]) : data;
    if (!this.waiting) return;
    let parsed: ReturnType<typeof parseResponse>;
    try {
      parsed = parseResponse(this.buffer);
    } catch (error) {
      this.fail(error as Error);
      this.socket?.destroy();
      return;
    }
    if (!parsed) return;
    this.buffer = this.buffer.subarray(parsed.used);
    const { resolve } = this.waiting;
    this.waiting = null;
    resolve(parsed.response);
  }

  private fail(error: Error): void {
    const waiting = this.waiting;
    this.waiting = null;
    this.buffer = Buffer.alloc(0);
    waiting?.reject(error);
  }

  /** `headers`: preformatted lines ("name: value\r\n"); Host and Content-Length are added here. */
  async request(method: string, path: string, headers: string, body?: string): Promise<RawResponse> {
    if (this.waiting) throw new Error('una petición ya está en curso en esta conexión');
    this.socket ??= await this.connect();
    const length = body === undefined ? '' : `content-length: ${Buffer.byteLength(body)}\r\n`;
    const text = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\n${headers}${length}\r\n${body ?? ''}`;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket!.write(text);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }
}
