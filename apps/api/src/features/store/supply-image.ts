import sharp from 'sharp';

/** The pictogram of a demo supply: what kind of thing it is. */
export type SupplyShape = 'caja' | 'frasco' | 'jeringa' | 'guante' | 'instrumento' | 'tubo' | 'bolsa' | 'equipo';

export const SUPPLY_IMAGE_SIZE = 320;

const shapes: Record<SupplyShape, (c: string) => string> = {
  caja: (c) =>
    `<path d="M80 120 L160 84 L240 120 L240 220 L160 256 L80 220 Z" fill="${c}"/><path d="M80 120 L160 156 L240 120" fill="none" stroke="#fff" stroke-width="6" stroke-linejoin="round"/><path d="M160 156 L160 256" stroke="#fff" stroke-width="6"/><rect x="104" y="170" width="40" height="26" rx="4" fill="#fff" opacity=".8" transform="skewY(24) translate(0 -62)"/>`,
  frasco: (c) =>
    `<rect x="128" y="64" width="64" height="34" rx="6" fill="#475569"/><rect x="104" y="98" width="112" height="160" rx="22" fill="${c}"/><rect x="120" y="140" width="80" height="64" rx="8" fill="#fff" opacity=".85"/>`,
  jeringa: (c) =>
    `<g transform="rotate(-35 160 160)"><rect x="60" y="138" width="170" height="44" rx="8" fill="${c}"/><rect x="230" y="152" width="52" height="16" fill="#475569"/><rect x="282" y="157" width="30" height="6" fill="#94a3b8"/><rect x="30" y="150" width="30" height="20" fill="#475569"/><rect x="18" y="132" width="12" height="56" rx="4" fill="#475569"/>${[90, 120, 150, 180, 210].map((x) => `<rect x="${x}" y="138" width="4" height="18" fill="#fff"/>`).join('')}</g>`,
  guante: (c) =>
    `<path d="M112 270 L112 150 C112 136 132 136 132 150 L132 96 C132 82 152 82 152 96 L152 84 C152 70 172 70 172 84 L172 96 C172 82 192 82 192 96 L192 150 L204 130 C212 118 230 126 222 140 L196 206 C190 222 190 240 190 270 Z" fill="${c}"/><rect x="108" y="252" width="86" height="22" rx="6" fill="#fff" opacity=".6"/>`,
  instrumento: (c) =>
    `<g transform="rotate(-40 160 160)"><rect x="150" y="40" width="20" height="190" rx="10" fill="#94a3b8"/><rect x="146" y="90" width="28" height="110" rx="8" fill="${c}"/><path d="M160 230 L160 276 C160 290 176 290 176 278" fill="none" stroke="#64748b" stroke-width="8" stroke-linecap="round"/><path d="M160 40 L160 20" stroke="#64748b" stroke-width="8" stroke-linecap="round"/></g>`,
  tubo: (c) =>
    `<g transform="rotate(-25 160 160)"><path d="M110 80 L210 80 L196 240 L124 240 Z" fill="${c}"/><rect x="106" y="66" width="108" height="20" rx="4" fill="#e2e8f0"/><rect x="138" y="240" width="44" height="36" rx="6" fill="#475569"/><rect x="130" y="130" width="60" height="50" rx="6" fill="#fff" opacity=".85"/></g>`,
  bolsa: (c) =>
    `<path d="M88 96 L232 96 L246 262 L74 262 Z" fill="${c}"/><rect x="88" y="84" width="144" height="22" rx="4" fill="#475569"/><circle cx="160" cy="184" r="34" fill="#fff" opacity=".85"/>`,
  equipo: (c) =>
    `<rect x="70" y="110" width="180" height="120" rx="18" fill="${c}"/><rect x="94" y="132" width="90" height="54" rx="8" fill="#0f172a" opacity=".75"/><circle cx="214" cy="150" r="14" fill="#fff"/><circle cx="214" cy="196" r="10" fill="#fff" opacity=".7"/><rect x="110" y="230" width="20" height="24" fill="#475569"/><rect x="190" y="230" width="20" height="24" fill="#475569"/>`,
};

/** A flat pictogram of a supply on a soft background, as SVG (no text, so no fonts are needed). */
export function supplySvg(shape: SupplyShape, color: string, background: string): string {
  const s = SUPPLY_IMAGE_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 320 320"><rect width="320" height="320" fill="${background}"/><ellipse cx="160" cy="282" rx="96" ry="12" fill="#0f172a" opacity=".08"/>${shapes[shape](color)}</svg>`;
}

/** The pictogram as WebP, the format uploads are stored in. */
export function renderSupplyImage(shape: SupplyShape, color: string, background: string): Promise<Buffer> {
  return sharp(Buffer.from(supplySvg(shape, color, background)))
    .webp({ quality: 80 })
    .toBuffer();
}
