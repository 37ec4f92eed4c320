import { BadgeCheck, Sparkles, Star } from 'lucide-react';
import { cx } from '@/lib/cx';

type Flags = { destacada: boolean; esNueva: boolean; tieneNovedades: boolean };

const BADGES = [
  {
    key: 'destacada',
    label: 'Destacada',
    Icon: Star,
    className: 'bg-amber-100 text-amber-900 dark:bg-amber-400/20 dark:text-amber-200',
  },
  {
    key: 'esNueva',
    label: 'Nueva',
    Icon: Sparkles,
    className: 'bg-sky-100 text-sky-900 dark:bg-sky-400/20 dark:text-sky-200',
  },
  {
    key: 'tieneNovedades',
    label: 'Novedades',
    Icon: BadgeCheck,
    className: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-400/20 dark:text-emerald-200',
  },
] as const;

/** Icons for destacada, esNueva and tieneNovedades (spec 000 §2), each with its name for everyone. */
export function ClinicBadges({
  clinica,
  compact = false,
  className,
}: {
  clinica: Flags;
  compact?: boolean;
  className?: string;
}) {
  const shown = BADGES.filter((b) => clinica[b.key]);
  if (!shown.length) return null;
  return (
    <ul className={cx('flex flex-wrap gap-1.5', className)} aria-label="Distintivos">
      {shown.map(({ key, label, Icon, className: tone }) => (
        <li
          key={key}
          title={label}
          className={cx('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium shadow-sm', tone)}
        >
          <Icon className="size-3.5" aria-hidden="true" />
          <span className={compact ? 'sr-only' : undefined}>{label}</span>
        </li>
      ))}
    </ul>
  );
}
