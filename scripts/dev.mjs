// npm run dev: the API (reloading on change, tsx watch) and Vite's dev server with HMR.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Only here does the API trust Vite's origin beside APP_URL (`npm start` and production never do).
const apiEnv = { ...process.env, DEV_ORIGIN: 'http://localhost:5173,http://127.0.0.1:5173' };
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', path.join(root, 'apps/api/src/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: apiEnv,
  }),
  spawn('npx', ['vite'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
console.log('API en http://localhost:3000 · aplicación en http://localhost:5173');
const stop = (signal) => children.forEach((c) => c.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const c of children)
  c.on('exit', (code) => {
    stop('SIGTERM');
    process.exit(code ?? 0);
  });
