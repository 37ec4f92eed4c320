import type { LowStockList } from '@odontia/shared';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { catalogKey } from './catalog';

/** The clinic's active items at or under their minimum (the first ones by name, and how many), for the dashboard. */
export const useLowStock = (enabled: boolean) =>
  useQuery({
    queryKey: [...catalogKey, 'stock-bajo'],
    enabled,
    queryFn: (): Promise<LowStockList> => unwrap(api.productos['stock-bajo'].$get()),
  });
