import { cx } from '@/lib/cx';

/**
 * The looks of a button, in one place for the shadcn `Button` and for the public pages' plain links and
 * buttons. No tailwind-merge here (the public pages' JavaScript budget, bench/): `Button` merges a
 * caller's overrides with `cn`; elsewhere `className` only adds classes that do not fight the variant's.
 */
const BASE =
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-[color,background-color,border-color,box-shadow] outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";

const VARIANTS = {
  default: 'bg-primary text-primary-foreground shadow-xs hover:brightness-90',
  destructive:
    'bg-destructive text-white shadow-xs hover:bg-destructive/90 focus-visible:ring-destructive dark:bg-destructive/60',
  outline:
    'border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground dark:border-input dark:bg-input/30 dark:hover:bg-input/50',
  secondary: 'bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80',
  ghost: 'hover:bg-accent hover:text-accent-foreground dark:hover:bg-accent/50',
  link: 'text-primary underline-offset-4 hover:underline',
  // An outline button on the brand colour (the landing's banner for clinic owners).
  inverse: 'border border-white/60 text-white hover:bg-white/10',
} as const;

const SIZES = {
  default: 'h-9 px-4 py-2 has-[>svg]:px-3',
  // A little narrower on phones, so the public header's two buttons fit beside the mark at 320 px.
  sm: 'h-8 gap-1.5 px-2.5 sm:px-3 has-[>svg]:px-2.5',
  lg: 'h-10 px-6 has-[>svg]:px-4',
  xl: 'h-11 px-4 sm:px-6 has-[>svg]:px-4',
  icon: 'size-9',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;
export type ButtonVariantProps = { variant?: ButtonVariant | null; size?: ButtonSize | null };

export function buttonVariants({ variant, size, className }: ButtonVariantProps & { className?: string } = {}): string {
  return cx(BASE, VARIANTS[variant ?? 'default'], SIZES[size ?? 'default'], className);
}
