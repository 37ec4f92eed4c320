import { useId } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { groupByModule, moduleLabel, type PermissionLike } from '../permission-groups';

type RoleDetailsProps = {
  role: { nombre: string; descripcion: string | null; predeterminado: boolean; permisos: readonly string[] };
  /** Every permission (`/api/permisos/catalogo`): the role's `permisos` are their ids. */
  catalogue: readonly PermissionLike[];
  /** Why it cannot be changed, said above it (the Administrador role). */
  note?: string;
};

/**
 * A role for reading (members without roles.gestionar, and the Administrador role, which never
 * changes): its name, description and type, then what it may do, grouped by módulo as the form groups
 * its checkboxes. No inputs, no required marks, nothing to cancel or save.
 */
export function RoleDetails({ role, catalogue, note }: RoleDetailsProps) {
  const baseId = useId();
  const granted = new Set(role.permisos);
  const total = catalogue.filter((p) => granted.has(p.id)).length;
  return (
    <Card>
      <CardContent className="flex flex-col gap-6">
        {note ? (
          <p role="note" className="rounded-md border bg-muted px-3 py-2 text-sm text-muted-foreground">
            {note}
          </p>
        ) : null}
        <DetailList
          items={[
            { label: 'Nombre', value: role.nombre },
            { label: 'Tipo', value: role.predeterminado ? 'Predeterminado' : 'Personalizado' },
          ]}
        />
        <DetailList className="sm:grid-cols-1" items={[{ label: 'Descripción', value: role.descripcion }]} />
        <section aria-labelledby={`${baseId}-permisos`} className="flex flex-col gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id={`${baseId}-permisos`} className="text-sm font-medium">
              Permisos
            </h2>
            <span className="text-sm text-muted-foreground">
              {total} de {catalogue.length}
            </span>
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            {groupByModule(catalogue).map(({ modulo, items }) => {
              const headingId = `${baseId}-${modulo}`;
              const held = items.filter((p) => granted.has(p.id));
              return (
                <section key={modulo} aria-labelledby={headingId} className="rounded-lg border p-4">
                  <div className="mb-3 flex items-baseline justify-between gap-2 border-b pb-3">
                    <h3 id={headingId} className="text-sm font-semibold">
                      {moduleLabel(modulo)}
                    </h3>
                    <span className="text-xs text-muted-foreground">
                      {held.length} de {items.length}
                    </span>
                  </div>
                  {held.length ? (
                    <ul className="grid gap-3">
                      {held.map((p) => (
                        <li key={p.id} className="grid gap-0.5 leading-snug">
                          <span className="font-mono text-sm break-words">{p.nombre}</span>
                          {p.descripcion ? (
                            <span className="text-xs text-muted-foreground">{p.descripcion}</span>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="text-sm text-muted-foreground">Ningún permiso de este módulo</p>
                  )}
                </section>
              );
            })}
          </div>
        </section>
      </CardContent>
    </Card>
  );
}
