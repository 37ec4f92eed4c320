import { CATEGORIA_ITEM_LABELS, type StoreCategory } from '@odontia/shared';
import { Badge } from '@/components/ui/badge';

/** Spec 001 §9: producto info, insumo warning (the store sells no services). */
const VARIANT = { producto: 'info', insumo: 'warning' } as const;

export function CategoryBadge({ categoria }: { categoria: StoreCategory }) {
  return <Badge variant={VARIANT[categoria]}>{CATEGORIA_ITEM_LABELS[categoria]}</Badge>;
}
