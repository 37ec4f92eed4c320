import type * as React from 'react';

import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

type SubmitButtonProps = Omit<ButtonProps, 'type'> & {
  /** The form is being sent: the button is disabled, busy, and says `pendingLabel` beside a spinner. */
  pending: boolean;
  /** What it says meanwhile ("Guardando...", "Enviando..."). */
  pendingLabel: string;
  children: React.ReactNode;
};

/** A form's submit button, which shows that the form is being sent and cannot be sent twice. */
function SubmitButton({ pending, pendingLabel, disabled, children, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={pending || disabled} aria-busy={pending} {...props}>
      {pending && <Spinner decorative />}
      {pending ? pendingLabel : children}
    </Button>
  );
}

export { SubmitButton };
