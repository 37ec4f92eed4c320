/** Starts and stops a section's app process (bench/lib/app-server.ts) and signs into it. */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export type BenchServer = { child: ChildProcess; baseUrl: string };

/** Forks `script` (an entry calling `serveBench`) and waits until it listens (the first run loads the data). */
export async function startServer(
  script: string,
  env: Record<string, string>,
  log: (line: string) => void,
  options: { exposeGc?: boolean } = {},
): Promise<BenchServer> {
  const port = await freePort();
  const child = fork(script, [], {
    env: { ...process.env, ...env, PORT: String(port), APP_URL: `http://127.0.0.1:${port}` },
    // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (to find where a route's time goes).
    execArgv: [
      '--import',
      'tsx',
      ...(options.exposeGc ? ['--expose-gc'] : []),
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    // The request log goes to /dev/null (still serialised, as in production); errors are shown.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('el servidor del bench no arrancó en 8 minutos')), 8 * 60_000);
    child.on('message', (message: { type: string; line?: string; message?: string }) => {
      if (message.type === 'log') log(message.line!);
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve();
      }
      if (message.type === 'error') {
        clearTimeout(timer);
        reject(new Error(message.message));
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`el servidor del bench terminó (código ${code})`));
    });
  });
  return { child, baseUrl: `http://127.0.0.1:${port}` };
}

export async function stopServer(server: BenchServer): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.send({ type: 'stop' });
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The session cookie of an account of the bench data set. */
export async function signIn(baseUrl: string, account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`no se pudo iniciar sesión en el bench: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export async function getJson<T>(url: string, cookie: string): Promise<T> {
  const res = await fetch(url, { headers: { cookie } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}
