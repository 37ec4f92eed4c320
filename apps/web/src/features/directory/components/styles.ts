/**
 * Class helpers for the landing's components, without tailwind-merge (about 9 KB gzipped): the
 * landing must stay within its JavaScript budget (bench/). The looks are those of
 * src/components/ui/button.tsx; callers add only classes that do not fight the variant's own.
 */
export const cx = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(' ');

const BASE =
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-[color,background-color,border-color,box-shadow] outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";

const VARIANTS = {
  default: 'bg-primary text-primary-foreground shadow-xs hover:brightness-90',
  outline: 'border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground dark:border-input dark:bg-input/30 dark:hover:bg-input/50',
  secondary: 'bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80',
  ghost: 'hover:bg-accent hover:text-accent-foreground dark:hover:bg-accent/50',
  // The owner banner's outline button on the brand colour.
  inverse: 'border border-white/60 text-white hover:bg-white/10',
} as const;

const SIZES = {
  default: 'h-9 px-4 py-2 has-[>svg]:px-3',
  sm: 'h-8 gap-1.5 px-2.5 sm:px-3 has-[>svg]:px-2.5',
  lg: 'h-10 px-6 has-[>svg]:px-4',
  xl: 'h-11 px-4 sm:px-6 has-[>svg]:px-4',
  icon: 'size-9',
} as const;

export function buttonClass(variant: keyof typeof VARIANTS = 'default', size: keyof typeof SIZES = 'default', extra?: string) {
  return cx(BASE, VARIANTS[variant], SIZES[size], extra);
}

export const skeletonClass = 'animate-pulse rounded-md bg-accent';
