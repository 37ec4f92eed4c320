// Draws the demo clinics' pictures as SVG (nothing downloaded) into
// apps/web/public/demo/. Run again after changing the demo clinics:
//   node --import tsx scripts/generate-demo-images.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_CLINICS } from '../apps/api/src/seed/directory.seed.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'apps/web/public/demo');

/** A small deterministic generator, so the drawings only change when the data does. */
function random(seed: string) {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

const TOOTH =
  'M11 7c-3 0-5 2.4-5 5.6 0 2.6 1 4.4 1.8 6.6.9 2.6 1.1 6.8 3.2 6.8 1.9 0 1.8-4.6 3.2-6.4.5-.6 1.1-.9 1.8-.9s1.3.3 1.8.9c1.4 1.8 1.3 6.4 3.2 6.4 2.1 0 2.3-4.2 3.2-6.8.8-2.2 1.8-4 1.8-6.6C26 9.4 24 7 21 7c-2 0-3.2 1-5 1s-3-1-5-1z';

const CITY_HUES: Record<string, number> = { Madrid: 195, Barcelona: 215, Valencia: 170, Sevilla: 28 };

function clinicSvg(slug: string, ciudad: string): string {
  const r = random(slug);
  const hue = (CITY_HUES[ciudad] ?? 190) + Math.round(r() * 30 - 15);
  const accent = (hue + 160) % 360;
  const floors = 2 + Math.floor(r() * 3);
  const cols = 4 + Math.floor(r() * 3);
  const bw = 340 + cols * 20;
  const bx = 400 - bw / 2 + Math.round(r() * 80 - 40);
  const floorH = 62;
  const by = 400 - floors * floorH - 40;
  const windows: string[] = [];
  for (let f = 0; f < floors; f++) {
    for (let c = 0; c < cols; c++) {
      const ww = (bw - 40) / cols - 14;
      const x = bx + 20 + c * ((bw - 40) / cols) + 7;
      const y = by + 40 + f * floorH + 10;
      const lit = r() > 0.55;
      // The ground floor keeps room for the entrance and its sign.
      if (f === floors - 1 && Math.abs(x + ww / 2 - (bx + bw / 2)) < 95) continue;
      windows.push(
        `<rect x="${x.toFixed(1)}" y="${y}" width="${ww.toFixed(1)}" height="36" rx="4" fill="${lit ? `hsl(${accent} 90% 88%)` : `hsl(${hue} 45% 82%)`}" stroke="hsl(${hue} 30% 55%)" stroke-width="2"/>`,
      );
    }
  }
  const trees = [60 + r() * 60, 680 + r() * 60].map((x, i) => {
    const h = 70 + r() * 40;
    return `<g><rect x="${(x - 5).toFixed(1)}" y="${(400 - h * 0.45).toFixed(1)}" width="10" height="${(h * 0.45).toFixed(1)}" fill="hsl(30 35% 35%)"/><circle cx="${x.toFixed(1)}" cy="${(400 - h * 0.6).toFixed(1)}" r="${(h * 0.38).toFixed(1)}" fill="hsl(${135 + i * 12} 40% ${42 + i * 6}%)"/></g>`;
  });
  const clouds = Array.from({ length: 3 }, () => {
    const x = 80 + r() * 640;
    const y = 50 + r() * 70;
    return `<g fill="#fff" opacity="0.85"><ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="46" ry="16"/><ellipse cx="${(x + 26).toFixed(0)}" cy="${(y - 10).toFixed(0)}" rx="28" ry="16"/></g>`;
  });
  const doorX = bx + bw / 2 - 30;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500" width="800" height="500" role="img" aria-hidden="true">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 86%)"/><stop offset="1" stop-color="hsl(${hue} 60% 96%)"/></linearGradient>
<linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="hsl(${hue} 25% 92%)"/></linearGradient></defs>
<rect width="800" height="500" fill="url(#sky)"/>
<circle cx="${(640 + r() * 80).toFixed(0)}" cy="90" r="40" fill="hsl(45 95% 70%)" opacity="0.9"/>
${clouds.join('\n')}
<rect x="0" y="400" width="800" height="100" fill="hsl(${hue} 20% 80%)"/>
<rect x="0" y="400" width="800" height="10" fill="hsl(${hue} 18% 70%)"/>
<rect x="${bx}" y="${by}" width="${bw}" height="${400 - by}" rx="6" fill="url(#wall)" stroke="hsl(${hue} 30% 60%)" stroke-width="3"/>
<rect x="${bx - 10}" y="${by - 14}" width="${bw + 20}" height="18" rx="4" fill="hsl(${hue} 55% 38%)"/>
${windows.join('\n')}
<rect x="${doorX}" y="330" width="60" height="70" rx="4" fill="hsl(${hue} 50% 40%)"/>
<rect x="${doorX + 6}" y="336" width="22" height="58" rx="2" fill="hsl(${hue} 60% 80%)"/>
<rect x="${doorX + 32}" y="336" width="22" height="58" rx="2" fill="hsl(${hue} 60% 80%)"/>
<g transform="translate(${bx + bw / 2 - 34} ${by - 78})"><rect width="68" height="68" rx="16" fill="hsl(${hue} 60% 38%)"/><g transform="translate(10 10) scale(1.5)"><path fill="#fff" d="${TOOTH}"/></g></g>
<g transform="translate(${doorX + 70} 348)"><circle cx="14" cy="14" r="14" fill="hsl(${accent} 70% 55%)"/><path d="M14 6v16M6 14h16" stroke="#fff" stroke-width="4" stroke-linecap="round"/></g>
${trees.join('\n')}
</svg>
`;
}

mkdirSync(path.join(out, 'clinicas'), { recursive: true });
for (const clinic of DEMO_CLINICS) {
  writeFileSync(path.join(out, 'clinicas', `${clinic.slug}.svg`), clinicSvg(clinic.slug, clinic.ciudad));
}
console.log(`Imágenes de demostración escritas en ${path.relative(root, out)}`);
