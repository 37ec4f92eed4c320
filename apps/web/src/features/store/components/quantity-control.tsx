import { parseCartQuantity } from '@odontia/shared';
import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

type Props = {
  /** The product's name, for the labels ('Cantidad de Guantes de nitrilo'). */
  name: string;
  value: number;
  disabled?: boolean;
  onChange: (quantity: number) => void;
  onRemove: () => void;
};

/**
 * Minus (disabled at 1), the quantity and plus of a cart line (spec 001 §2 Cart). What is typed is
 * applied when the field is left or Enter is pressed, with the rule of §5: an integer; a
 * non-number or 0 removes the line; a negative is ignored (the field goes back to the quantity).
 */
export function QuantityControl({ name, value, disabled = false, onChange, onRemove }: Props) {
  const [draft, setDraft] = useState<string | null>(null);

  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    const quantity = parseCartQuantity(draft);
    if (quantity === 0) onRemove();
    else if (quantity !== null && quantity !== value) onChange(quantity);
  };

  return (
    <div className="flex items-center gap-1">
      <Button
        type="button"
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={`Quitar una unidad de ${name}`}
        disabled={disabled || value <= 1}
        onClick={() => onChange(value - 1)}
      >
        <Minus aria-hidden="true" />
      </Button>
      <Input
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        aria-label={`Cantidad de ${name}`}
        className="h-8 w-16 text-center tabular-nums"
        disabled={disabled}
        value={draft ?? String(value)}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
      <Button
        type="button"
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={`Añadir una unidad de ${name}`}
        disabled={disabled}
        onClick={() => onChange(value + 1)}
      >
        <Plus aria-hidden="true" />
      </Button>
    </div>
  );
}
