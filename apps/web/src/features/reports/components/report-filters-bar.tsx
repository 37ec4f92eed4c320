import {
  REPORT_GROUPINGS,
  REPORT_GROUPING_LABELS,
  REPORT_LABELS,
  REPORT_PRESETS,
  REPORT_PRESET_LABELS,
  type Dentist,
  type ReportGrouping,
  type ReportPreset,
} from '@odontia/shared';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { DENTIST_REPORTS, type ReportFilters } from '../report-filters';

const ALL = 'todos';

type Props = {
  filters: ReportFilters;
  onChange: (next: Partial<ReportFilters>) => void;
  /** The dentists to filter by, or null when the member may not list them (the filter is left out). */
  dentists: Dentist[] | null;
};

const dentistNote = `El filtro de dentista se aplica a ${DENTIST_REPORTS.map((k) => REPORT_LABELS[k]).join(', ')}.`;

/** Period (a preset or two dates), grouping and dentist of the reports; every change goes to the URL. */
export function ReportFiltersBar({ filters, onChange, dentists }: Props) {
  const custom = filters.preset === 'personalizado';
  const dentistApplies = DENTIST_REPORTS.includes(filters.informe);
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:flex lg:flex-wrap lg:items-end" data-print-hide>
      <div className="col-span-2 flex flex-col gap-1.5 sm:col-span-1">
        <Label htmlFor="reportes-periodo">Periodo</Label>
        <Select value={filters.preset} onValueChange={(value) => onChange({ preset: value as ReportPreset })}>
          <SelectTrigger id="reportes-periodo" className="w-full lg:w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {REPORT_PRESETS.map((p) => (
              <SelectItem key={p} value={p}>
                {REPORT_PRESET_LABELS[p]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor="reportes-desde">Desde</Label>
        <Input
          id="reportes-desde"
          type="date"
          className="lg:w-40"
          value={filters.desde}
          disabled={!custom}
          required
          onChange={(e) => e.target.value && onChange({ desde: e.target.value })}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor="reportes-hasta">Hasta</Label>
        <Input
          id="reportes-hasta"
          type="date"
          className="lg:w-40"
          value={filters.hasta}
          disabled={!custom}
          required
          onChange={(e) => e.target.value && onChange({ hasta: e.target.value })}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="reportes-agrupacion">Agrupar por</Label>
        <Select value={filters.agrupacion} onValueChange={(value) => onChange({ agrupacion: value as ReportGrouping })}>
          <SelectTrigger id="reportes-agrupacion" className="w-full lg:w-32">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {REPORT_GROUPINGS.map((g) => (
              <SelectItem key={g} value={g}>
                {REPORT_GROUPING_LABELS[g]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {dentists ? (
        <div className="col-span-2 flex flex-col gap-1.5 sm:col-span-1">
          <Label htmlFor="reportes-dentista">Dentista</Label>
          <Select
            value={filters.dentistaId ?? ALL}
            disabled={!dentistApplies}
            onValueChange={(value) => onChange({ dentistaId: value === ALL ? null : value })}
          >
            <SelectTrigger
              id="reportes-dentista"
              className="w-full lg:w-56"
              aria-describedby={dentistApplies ? undefined : 'reportes-dentista-nota'}
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>Todos los dentistas</SelectItem>
              {dentists.map((d) => (
                <SelectItem key={d.id} value={d.id}>
                  {d.nombres} {d.apellidos}
                  {d.activo ? '' : ' (inactivo)'}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ) : null}
      {dentists && !dentistApplies ? (
        <p id="reportes-dentista-nota" className="col-span-full text-sm text-muted-foreground lg:basis-full">
          {dentistNote}
        </p>
      ) : null}
    </div>
  );
}
