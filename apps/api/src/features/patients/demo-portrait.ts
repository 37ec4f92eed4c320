import sharp from 'sharp';

/** What an illustrated portrait varies on; every value comes from the demo seed's random stream. */
export type PortraitTraits = {
  background: string;
  skin: string;
  hair: string;
  /** The hair cut: long hair falls behind the shoulders; 'none' for a shaved head. */
  hairStyle: 'short' | 'side' | 'long' | 'bun' | 'none';
  clothes: string;
  glasses: boolean;
  beard: boolean;
};

export const PORTRAIT_SIZE = 256;

const PALETTES = {
  background: [
    '#dbeafe',
    '#e0f2fe',
    '#dcfce7',
    '#fef3c7',
    '#fce7f3',
    '#ede9fe',
    '#ffedd5',
    '#e2e8f0',
    '#ccfbf1',
    '#fee2e2',
  ],
  skin: ['#f9d7c3', '#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac', '#eac086'],
  hair: ['#2c1b18', '#4a312c', '#71491e', '#a55728', '#b89778', '#d6b370', '#0f0f0f'],
  greyHair: ['#b7b7b7', '#d4d4d4', '#9e9e9e', '#e8e8e8'],
  clothes: [
    '#1e3a8a',
    '#0f766e',
    '#7c3aed',
    '#be123c',
    '#334155',
    '#ca8a04',
    '#15803d',
    '#0369a1',
    '#9d174d',
    '#57534e',
  ],
};

/**
 * Picks traits for a person: grey hair is likelier with age, beards and shaved heads only for men,
 * buns and long hair mostly for women.
 */
export function portraitTraits(
  random: () => number,
  person: { genero: 'masculino' | 'femenino' | 'otro' | null; edad: number },
): PortraitTraits {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
  const grey = person.edad >= 45 && random() < (person.edad - 40) / 40;
  const styles: PortraitTraits['hairStyle'][] =
    person.genero === 'masculino'
      ? ['short', 'short', 'side', 'side', person.edad > 40 ? 'none' : 'short']
      : person.genero === 'femenino'
        ? ['long', 'long', 'bun', 'side', 'long']
        : ['short', 'side', 'long', 'bun'];
  return {
    background: pick(PALETTES.background),
    skin: pick(PALETTES.skin),
    hair: grey ? pick(PALETTES.greyHair) : pick(PALETTES.hair),
    hairStyle: pick(styles),
    clothes: pick(PALETTES.clothes),
    glasses: random() < (person.edad > 50 ? 0.45 : 0.2),
    beard: person.genero === 'masculino' && person.edad >= 18 && random() < 0.3,
  };
}

/** A flat illustrated head-and-shoulders portrait, as SVG (no text, so no fonts are needed). */
export function portraitSvg(t: PortraitTraits): string {
  const behind =
    t.hairStyle === 'long'
      ? `<path d="M72 112 C64 24 192 24 184 112 L194 208 C160 222 96 222 62 208 Z" fill="${t.hair}"/>`
      : '';
  const cap = (inner: string) => `<path d="M77 116 C68 26 188 26 179 116 ${inner} Z" fill="${t.hair}"/>`;
  const top: Record<PortraitTraits['hairStyle'], string> = {
    short: cap('C174 94 160 84 128 84 C96 84 82 94 77 116'),
    side: cap('C172 96 156 78 114 86 C96 90 84 100 77 116'),
    long: cap('C172 92 156 80 128 80 C100 80 84 92 77 116'),
    bun: `<circle cx="128" cy="40" r="24" fill="${t.hair}"/>${cap('C174 94 160 84 128 84 C96 84 82 94 77 116')}`,
    none: '',
  };
  const beard = t.beard
    ? `<path d="M84 124 C86 176 170 176 172 124 C164 150 150 160 128 160 C106 160 92 150 84 124 Z" fill="${t.hair}"/>`
    : '';
  const glasses = t.glasses
    ? `<g fill="none" stroke="#1f2937" stroke-width="4"><circle cx="108" cy="116" r="13"/><circle cx="148" cy="116" r="13"/><path d="M121 116 H135"/></g>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PORTRAIT_SIZE}" height="${PORTRAIT_SIZE}" viewBox="0 0 256 256">
<rect width="256" height="256" fill="${t.background}"/>
${behind}
<path d="M36 256 C36 200 80 178 128 178 C176 178 220 200 220 256 Z" fill="${t.clothes}"/>
<rect x="110" y="150" width="36" height="36" rx="8" fill="${t.skin}"/>
<path d="M110 178 L128 196 L146 178 Z" fill="${t.skin}"/>
<ellipse cx="128" cy="116" rx="48" ry="56" fill="${t.skin}"/>
<ellipse cx="80" cy="120" rx="7" ry="11" fill="${t.skin}"/><ellipse cx="176" cy="120" rx="7" ry="11" fill="${t.skin}"/>
${top[t.hairStyle]}
${beard}
<circle cx="108" cy="116" r="5" fill="#1f2937"/><circle cx="148" cy="116" r="5" fill="#1f2937"/>
<path d="M112 146 C120 154 136 154 144 146" fill="none" stroke="#7f1d1d" stroke-width="4" stroke-linecap="round"/>
${glasses}
</svg>`;
}

/** The portrait as a WebP, the format the photo upload keeps. */
export async function renderPortrait(traits: PortraitTraits): Promise<Uint8Array> {
  return sharp(Buffer.from(portraitSvg(traits)))
    .webp({ quality: 80 })
    .toBuffer();
}
