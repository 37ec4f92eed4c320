import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { RoleOption } from '../api/get-role-options';

type RoleSelectProps = {
  id: string;
  roles: readonly RoleOption[] | undefined;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
  disabled?: boolean;
  description?: string;
};

/** 'Rol': the clinic's roles, custom ones included (spec 001 §5 Invitation, User edit). */
export function RoleSelect({ id, roles, value, onChange, onBlur, error, disabled, description }: RoleSelectProps) {
  return (
    <FormField label="Rol" htmlFor={id} error={error} description={description} required>
      {(wiring) => (
        <Select value={value || undefined} onValueChange={onChange} disabled={disabled || !roles}>
          <SelectTrigger {...wiring} onBlur={onBlur} className="w-full">
            <SelectValue placeholder={roles ? 'Selecciona un rol' : 'Cargando roles...'} />
          </SelectTrigger>
          <SelectContent>
            {roles?.map((r) => (
              <SelectItem key={r.id} value={r.id}>
                {r.nombre}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FormField>
  );
}
