import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/**
 * A row's contact action (email a reminder, open WhatsApp): named with the patient, spinning while it
 * runs, and off, tied to the text that says why, when it cannot be used (no email, no valid phone).
 */
export function ContactActionButton({
  label,
  nombre,
  icon,
  pending,
  reasonId,
  onClick,
}: {
  label: string;
  nombre: string;
  icon: ReactNode;
  pending: boolean;
  /** The id of the text saying why the action is off; null: it is on. */
  reasonId: string | null;
  onClick: () => void;
}) {
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      onClick={onClick}
      disabled={reasonId !== null || pending}
      aria-label={`${label} a ${nombre}`}
      aria-describedby={reasonId ?? undefined}
    >
      {pending ? <Spinner decorative /> : icon}
      {label}
    </Button>
  );
}
