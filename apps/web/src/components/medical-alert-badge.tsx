import { MEDICAL_ALERT_MESSAGES } from '@odontia/shared';
import { TriangleAlert } from 'lucide-react';
import { cn } from '@/lib/utils';

type Props = {
  /** The patient's short list of medical alerts (the API's `alertas`); nothing is shown when empty. */
  alertas: readonly string[];
  /**
   * Compact (a calendar cell, a picker's option): the icon and the first label, '+N' for the rest; the
   * accessible name and the tooltip always hold the whole list.
   */
  compact?: boolean;
  className?: string;
};

/**
 * The red medical-alert badge (issue 22), wherever staff meet the patient: the patient's page, the chart,
 * the appointment, the day grid and the patient picker. Told by an icon and its text, not by colour alone;
 * its accessible name reads the whole short list ('Alertas médicas: Alergia a penicilina, Anticoagulante').
 */
export function MedicalAlertBadge({ alertas, compact = false, className }: Props) {
  if (alertas.length === 0) return null;
  const name = MEDICAL_ALERT_MESSAGES.badgeName(alertas);
  const text = compact ? `${alertas[0]}${alertas.length > 1 ? ` +${alertas.length - 1}` : ''}` : alertas.join(' · ');
  return (
    <span
      role="img"
      aria-label={name}
      title={name}
      className={cn(
        'inline-flex max-w-full min-w-0 items-center gap-1 rounded-md border border-red-700 bg-red-600 font-semibold text-white dark:border-red-400 dark:bg-red-700',
        compact ? 'px-1 py-px text-[0.7rem] leading-tight' : 'px-2 py-0.5 text-xs',
        className,
      )}
    >
      <TriangleAlert className={cn('shrink-0', compact ? 'size-3' : 'size-3.5')} aria-hidden="true" />
      <span className="truncate">{text}</span>
    </span>
  );
}
