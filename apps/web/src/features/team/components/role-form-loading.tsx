import { Skeleton } from '@/components/ui/skeleton';

/** The role form's place while the role or the permission catalogue loads. */
export function RoleFormLoading() {
  return (
    <div className="grid gap-4" aria-busy="true" aria-label="Cargando rol">
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
