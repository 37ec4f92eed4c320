import { COUNTRIES, countryOf, isZoneOfCountry, parseCountry, zoneForCity } from '@odontia/shared';
import { Info } from 'lucide-react';
import { Controller, useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { placeExamples } from '@/lib/place-examples';
import type { Clinic } from '../api/get-clinic';
import { clockIn, zoneChangeNotice } from '../lib/zone-change';

export type ClinicFormValues = {
  nombre: string;
  telefono: string;
  pais: string;
  ciudad: string;
  direccion: string;
  zonaHoraria: string;
};
export type ClinicField = keyof ClinicFormValues;

export function clinicToForm(clinica: Clinic | null | undefined): ClinicFormValues {
  // A country written before the list (not one of it) shows as not chosen yet.
  const pais = parseCountry(clinica?.pais);
  const zona = clinica?.zonaHoraria ?? '';
  return {
    nombre: clinica?.nombre ?? '',
    telefono: clinica?.telefono ?? '',
    pais: pais ?? '',
    ciudad: clinica?.ciudad ?? '',
    direccion: clinica?.direccion ?? '',
    // A zone that is not of the clinic's country (one left on Madrid's default) is offered its country's.
    zonaHoraria: pais && !isZoneOfCountry(pais, zona) ? zoneForCity(pais, clinica?.ciudad) : zona,
  };
}

export const CLINIC_FIELD_LABELS: Record<ClinicField, string> = {
  nombre: 'Nombre de la clínica',
  telefono: 'Teléfono de contacto',
  pais: 'País',
  ciudad: 'Ciudad',
  direccion: 'Dirección',
  zonaHoraria: 'Zona horaria',
};

const INPUT_PROPS: Record<
  Exclude<ClinicField, 'pais' | 'zonaHoraria'>,
  { autoComplete: string; placeholder?: string; type?: string }
> = {
  nombre: { autoComplete: 'organization', placeholder: 'Clínica Dental Sonrisa' },
  telefono: { autoComplete: 'tel', type: 'tel' },
  ciudad: { autoComplete: 'address-level2' },
  direccion: { autoComplete: 'street-address' },
};

/** Fields that share a row on wider screens. */
const HALF_WIDTH: readonly ClinicField[] = ['pais', 'ciudad'];

/**
 * The clinic's fields, in the order a screen lists them, for a form of any of the clinic schemas
 * (onboarding, setup, settings); `required` marks those its schema requires. País is a list; the
 * zone follows the country and the city until the user picks one (DESIGN §1), and is a select only
 * where the country has several (Spain). `savedZone` (settings) is the clinic's zone now: choosing
 * another says what happens to the appointments.
 */
export function ClinicFields<T extends FieldValues>({
  form,
  fields,
  required,
  idPrefix,
  disabled = false,
  savedZone,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any context and output type
  form: UseFormReturn<T, any, any>;
  fields: readonly (ClinicField & Path<T>)[];
  required: readonly ClinicField[];
  idPrefix: string;
  disabled?: boolean;
  savedZone?: string;
}) {
  // The place fields by their own names: every form that shows them has them all.
  const place = form as unknown as UseFormReturn<ClinicFormValues>;
  const errors = form.formState.errors as Partial<Record<ClinicField, { message?: string }>>;
  // The examples follow the country chosen in this form.
  const examples = placeExamples(useWatch({ control: place.control, name: 'pais' }));
  /** The zone follows a new country or city, unless the user chose it. */
  const followPlace = () => {
    if (!(fields as readonly ClinicField[]).includes('zonaHoraria')) return;
    const pais = parseCountry(place.getValues('pais'));
    if (!pais || place.getFieldState('zonaHoraria').isDirty) return;
    place.setValue('zonaHoraria', zoneForCity(pais, place.getValues('ciudad')));
  };

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((name) => {
        const common = {
          label: CLINIC_FIELD_LABELS[name],
          htmlFor: `${idPrefix}-${name}`,
          error: errors[name]?.message,
          required: required.includes(name),
          className: HALF_WIDTH.includes(name) ? undefined : 'sm:col-span-2',
        };
        if (name === 'pais') {
          return (
            <Controller
              key={name}
              control={place.control}
              name="pais"
              render={({ field }) => (
                <FormField {...common}>
                  {(wiring) => (
                    <Select
                      name={field.name}
                      value={field.value}
                      disabled={disabled}
                      onValueChange={(value) => {
                        field.onChange(value);
                        followPlace();
                      }}
                    >
                      <SelectTrigger {...wiring} className="w-full" onBlur={field.onBlur}>
                        <SelectValue placeholder="Elige un país" />
                      </SelectTrigger>
                      <SelectContent>
                        {COUNTRIES.map((c) => (
                          <SelectItem key={c.codigo} value={c.codigo}>
                            {c.nombre}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                </FormField>
              )}
            />
          );
        }
        if (name === 'zonaHoraria') {
          return <ZoneField key={name} form={place} common={common} disabled={disabled} savedZone={savedZone} />;
        }
        return (
          <FormField key={name} {...common}>
            <Input
              placeholder={name === 'nombre' ? undefined : examples[name]}
              {...INPUT_PROPS[name]}
              disabled={disabled}
              {...place.register(name, name === 'ciudad' ? { onChange: followPlace } : undefined)}
            />
          </FormField>
        );
      })}
    </div>
  );
}

function ZoneField({
  form,
  common,
  disabled,
  savedZone,
}: {
  form: UseFormReturn<ClinicFormValues>;
  common: { label: string; htmlFor: string; error?: string; required: boolean; className?: string };
  disabled: boolean;
  savedZone?: string;
}) {
  const [pais, zonaHoraria] = useWatch({ control: form.control, name: ['pais', 'zonaHoraria'] });
  const country = countryOf(pais);
  // Until a country is chosen there is no zone to offer.
  if (!country) return null;
  const zonas = country.zonas;
  const zone = zonas.find((z) => z.id === zonaHoraria);
  const now = zone ? `Hora actual en esta zona: ${clockIn(zone.id)}.` : undefined;
  const notice =
    savedZone && zonaHoraria && zonaHoraria !== savedZone ? zoneChangeNotice(savedZone, zonaHoraria) : null;

  return (
    <div className={common.className}>
      {zonas.length > 1 ? (
        <Controller
          control={form.control}
          name="zonaHoraria"
          render={({ field }) => (
            <FormField {...common} className={undefined} description={now}>
              {(wiring) => (
                <Select name={field.name} value={field.value} disabled={disabled} onValueChange={field.onChange}>
                  <SelectTrigger {...wiring} className="w-full" onBlur={field.onBlur}>
                    <SelectValue placeholder="Elige una zona horaria" />
                  </SelectTrigger>
                  <SelectContent>
                    {zonas.map((z) => (
                      <SelectItem key={z.id} value={z.id}>
                        {z.nombre}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </FormField>
          )}
        />
      ) : (
        // One zone: nothing to choose, but the clinic's clock is worth seeing.
        <p className="text-sm" id={common.htmlFor}>
          <span className="font-medium">Zona horaria:</span> {zonas[0].nombre}. {now}
        </p>
      )}
      {common.error && zonas.length === 1 ? (
        <p role="alert" className="mt-1 text-sm text-destructive">
          {common.error}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="mt-3 flex gap-2 rounded-md border bg-muted/40 p-3 text-sm">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {notice}
        </p>
      ) : null}
    </div>
  );
}
