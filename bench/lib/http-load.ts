import autocannon from 'autocannon';
import http from 'node:http';

export type LoadOptions = {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  /** Seconds of load whose figures are thrown away (JIT, pools, caches, planner statistics). */
  warmupSeconds: number;
  /** Seconds measured. */
  seconds: number;
  /** A write: every request gets a fresh body (e.g. a new appointment slot each time). */
  post?: { method?: 'POST' | 'PUT'; body: () => string };
  /**
   * Requests built per connection instead of GET `url` (autocannon's `requests`): e.g. saves that
   * each send the version the connection's previous save produced.
   */
  requests?: autocannon.Request[];
};

export type LoadResult = {
  requests: number;
  reqPerSec: number;
  /** Milliseconds, from every 2xx response's own timing (autocannon's histogram rounds to 1 ms). */
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};

/** The p-th percentile (nearest rank) of values sorted ascending; NaN when there are none. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

async function once(options: LoadOptions, seconds: number, collect: boolean): Promise<LoadResult> {
  const durations: number[] = [];
  let instance!: autocannon.Instance;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: options.url,
        headers: options.headers,
        connections: options.connections,
        duration: seconds,
        ...(options.requests ? { requests: options.requests } : {}),
        // One request in flight per connection: latency is what a user waits, not queueing in a pipeline.
        pipelining: 1,
        ...(options.post
          ? {
              requests: [
                {
                  method: options.post.method ?? 'POST',
                  setupRequest: (req: autocannon.Request) => ({ ...req, body: options.post!.body() }),
                },
              ],
            }
          : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  if (collect) {
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) durations.push(responseTime);
    });
  }
  const result = await done;
  durations.sort((a, b) => a - b);
  return {
    requests: result.requests.total,
    reqPerSec: result.requests.total / seconds,
    p50: percentile(durations, 50),
    p99: percentile(durations, 99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Loads one URL over HTTP: a discarded warm-up, then a measured run of bounded duration. */
export async function measure(options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await once(options, options.warmupSeconds, false);
  return once(options, options.seconds, true);
}

/**
 * A keep-alive HTTP/1.1 client over node:http, for loops that build each request from the previous answer
 * (autocannon cannot): at most `connections` sockets per server, like autocannon's connections. `fetch`
 * (undici's whole Fetch: Request, Headers, web streams) cost the load generator so much CPU, on the same
 * two cores as the API and PostgreSQL it measures, that the odontogram's saves measured 1,500 req/s and
 * p99 15-17 ms with it and 2,200 req/s and p99 9-11 ms with this, against the same server.
 */
export function keepAliveClient(connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const send = (url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const { body, method = 'GET' } = options;
      const headers =
        body === undefined
          ? options.headers
          : { ...options.headers, 'content-length': String(Buffer.byteLength(body)) };
      const req = http.request(url, { agent, method, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}

/** `workers` loops, each with one request in flight, for `duration` seconds: the 2xx durations, sorted. */
export async function loop(
  workers: number,
  duration: number,
  send: (worker: number, turn: number) => Promise<number>,
): Promise<{ durations: number[]; failures: number }> {
  const until = performance.now() + duration * 1000;
  const durations: number[] = [];
  let failures = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let turn = 0; performance.now() < until; turn++) {
        const started = performance.now();
        const status = await send(worker, turn);
        if (status >= 200 && status < 300) durations.push(performance.now() - started);
        else failures++;
      }
    }),
  );
  return { durations: durations.sort((a, b) => a - b), failures };
}
