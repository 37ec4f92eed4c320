import { Trash2, type LucideIcon } from 'lucide-react';

import { Button } from '@/components/ui/button';

type RowDeleteButtonProps = {
  /** What it does to which row, read by screen readers ("Eliminar a Ana López"). */
  label: string;
  onClick: () => void;
  /** A bin by default; another icon for a softer removal (deactivating). */
  icon?: LucideIcon;
};

/** A table row's destructive icon button (delete, deactivate); the confirmation is the caller's. */
function RowDeleteButton({ label, onClick, icon: Icon = Trash2 }: RowDeleteButtonProps) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="text-destructive hover:text-destructive"
      aria-label={label}
      onClick={onClick}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}

export { RowDeleteButton };
