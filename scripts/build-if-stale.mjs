// Builds the web app when dist/ is missing or older than any of its sources.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
// The server renderer is built last: when it is there, the whole build is.
const builtMarker = path.join(web, 'dist-ssr/entry-server.js');
const sources = [
  path.join(web, 'src'),
  path.join(web, 'public'),
  path.join(web, 'index.html'),
  path.join(web, 'vite.config.ts'),
  path.join(web, 'package.json'),
  path.join(root, 'packages/shared/src'),
  path.join(root, 'package-lock.json'),
];

function newest(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const name of readdirSync(entry)) max = Math.max(max, newest(path.join(entry, name)));
  return max;
}

export function webBuildIsStale() {
  if (!existsSync(builtMarker)) return true;
  const builtAt = statSync(builtMarker).mtimeMs;
  return sources.some((s) => newest(s) > builtAt);
}

export function buildWebIfStale() {
  if (!webBuildIsStale()) return false;
  console.log('Compilando la aplicación web...');
  execFileSync('npm', ['run', 'build', '-w', '@odontia/web'], { cwd: root, stdio: 'inherit' });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfStale();
