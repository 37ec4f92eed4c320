import { TEAM_MESSAGES } from '@odontia/shared';
import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { groupByModule, moduleLabel, type PermissionLike } from '../permission-groups';

type PermissionChecklistProps = {
  permissions: readonly PermissionLike[];
  /** The granted permissions, by id. */
  value: readonly string[];
  onChange: (next: string[]) => void;
  /**
   * What this member may grant or remove, by nombre (no escalation: only what they hold themselves).
   * Others stay as they are, shown disabled with the reason; the server refuses them regardless.
   */
  grantable?: ReadonlySet<string>;
  /** The id of the heading that names the whole list. */
  labelledBy?: string;
};

/**
 * A role's permissions as checkboxes grouped by módulo (spec 001 §2 Roles): each module is a
 * fieldset whose legend names it, with a tri-state "select all" (aria-checked="mixed" when only some
 * are granted) that grants or removes the module's permissions this member may change.
 */
export function PermissionChecklist({ permissions, value, onChange, grantable, labelledBy }: PermissionChecklistProps) {
  const baseId = useId();
  const granted = new Set(value);
  const canChange = (p: PermissionLike) => !grantable || grantable.has(p.nombre);

  const set = (ids: readonly string[], on: boolean) => {
    const next = new Set(granted);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    // The order of the catalogue, so the form's value does not depend on the clicks.
    onChange(permissions.map((p) => p.id).filter((id) => next.has(id)));
  };

  return (
    <div role="group" aria-labelledby={labelledBy} className="grid gap-4 md:grid-cols-2">
      {groupByModule(permissions).map(({ modulo, items }) => {
        const moduleId = `${baseId}-${modulo}`;
        const changeable = items.filter(canChange).map((p) => p.id);
        const count = items.filter((p) => granted.has(p.id)).length;
        const all = count === items.length;
        // Select-all acts on what this member may change: grants them all, or removes them all once granted.
        const allChangeableGranted = changeable.every((id) => granted.has(id));
        const label = moduleLabel(modulo);
        return (
          <fieldset key={modulo} className="rounded-lg border p-4" aria-describedby={`${moduleId}-count`}>
            <legend className="px-1 text-sm font-semibold">{label}</legend>
            <div className="mb-3 flex items-center justify-between gap-2 border-b pb-3">
              <div className="flex items-center gap-2">
                <Checkbox
                  id={`${moduleId}-all`}
                  checked={all ? true : count > 0 ? 'indeterminate' : false}
                  disabled={changeable.length === 0}
                  aria-controls={items.map((p) => `${moduleId}-${p.id}`).join(' ')}
                  onCheckedChange={() => set(changeable, !allChangeableGranted)}
                />
                <label htmlFor={`${moduleId}-all`} className="text-sm">
                  Seleccionar todos <span className="sr-only">los permisos de {label}</span>
                </label>
              </div>
              <span id={`${moduleId}-count`} className="text-xs text-muted-foreground">
                {count} de {items.length}
              </span>
            </div>
            <ul className="grid gap-3">
              {items.map((p) => {
                const id = `${moduleId}-${p.id}`;
                // Not this member's to change: say why it is disabled.
                const notHeld = !canChange(p);
                const described = [p.descripcion && `${id}-description`, notHeld && `${id}-not-held`].filter(Boolean);
                return (
                  <li key={p.id} className="flex items-start gap-2">
                    <Checkbox
                      id={id}
                      className="mt-0.5"
                      checked={granted.has(p.id)}
                      disabled={!canChange(p)}
                      aria-describedby={described.length ? described.join(' ') : undefined}
                      onCheckedChange={(checked) => set([p.id], checked === true)}
                    />
                    <div className="grid gap-0.5 leading-snug">
                      <label htmlFor={id} className="font-mono text-sm">
                        {p.nombre}
                      </label>
                      {p.descripcion ? (
                        <span id={`${id}-description`} className="text-xs text-muted-foreground">
                          {p.descripcion}
                        </span>
                      ) : null}
                      {notHeld ? (
                        <span id={`${id}-not-held`} className="text-xs text-muted-foreground italic">
                          {TEAM_MESSAGES.notHeld}
                        </span>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
    </div>
  );
}
