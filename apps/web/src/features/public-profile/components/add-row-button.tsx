import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** The 'Añadir ...' button under a list of the profile (hours, professionals). */
export function AddRowButton({
  onClick,
  disabled,
  children,
}: {
  onClick: () => void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <Button type="button" variant="outline" size="sm" className="w-fit" onClick={onClick} disabled={disabled}>
      <Plus aria-hidden="true" />
      {children}
    </Button>
  );
}
