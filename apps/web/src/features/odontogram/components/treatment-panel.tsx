import {
  CHART_STAGE_LABELS,
  CHART_STAGES,
  chartDentition,
  DENTITION_LABELS,
  DENTITIONS,
  ODONTOGRAM_MESSAGES as M,
  toothEntry,
  type ChartStageChoice,
  type Dentition,
  type OdontogramService,
  surfaceLabel,
  SURFACES,
  TOOTH_NOTES_MAX,
  TOOTH_STATUS_LABELS,
  TOOTH_STATUSES,
  type ChartSelection,
  type OdontogramChart,
  type Surface,
  type ToothStatus,
} from '@odontia/shared';
import { Eraser, RotateCcw, Save } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useCan } from '@/lib/session';
import { useClinicDate, useClinicDateTime } from '@/lib/use-clinic-today';
import { cn } from '@/lib/utils';
import { StatusSwatch } from './status-patterns';

/** The status keys: 1 Sano … 7 Implante, in legend order. */
export const statusForKey = (key: string): ToothStatus | null => TOOTH_STATUSES[Number(key) - 1] ?? null;

type Props = {
  chart: OdontogramChart;
  selection: ChartSelection;
  patterns: string;
  saving: boolean;
  dirty: boolean;
  onApply: (status: ToothStatus) => void;
  /** The etapa the status buttons apply, and its service when planned. */
  stage: ChartStageChoice;
  onStage: (stage: ChartStageChoice) => void;
  services: OdontogramService[];
  servicesError: boolean;
  onDentition: (denticion: Dentition) => void;
  /** A surface of the selected tooth, or the whole tooth (null). */
  onChooseSurface: (surface: Surface | null) => void;
  onNotes: (notas: string) => void;
  onClear: () => void;
  onSave: () => void;
  onReset: () => void;
};

export const selectionText = (selection: ChartSelection) =>
  !selection
    ? 'Ningún diente seleccionado'
    : selection.surface
      ? `Diente ${selection.tooth}, superficie ${surfaceLabel(selection.tooth, selection.surface)}`
      : `Diente ${selection.tooth} (diente completo)`;

/**
 * 'Opciones de tratamiento' (spec 000 §2, DESIGN §8): what is selected, the surface to treat (the
 * keyboard's way to the surfaces), the seven statuses (keys 1-7), the tooth's notes, and the chart's
 * actions.
 */
export function TreatmentPanel({
  chart,
  selection,
  patterns,
  saving,
  dirty,
  onApply,
  stage,
  onStage,
  services,
  servicesError,
  onDentition,
  onChooseSurface,
  onNotes,
  onClear,
  onSave,
  onReset,
}: Props) {
  const notesId = useId();
  const tooth = selection ? toothEntry(chart, selection.tooth) : null;
  const needsService = stage.etapa === 'planificado' && !stage.servicioId;
  const formatDateTime = useClinicDateTime();
  const formatDay = useClinicDate();
  const canSeeNotes = useCan('historia.ver');
  // What the selected entry is: its plan's service, or when and by whom it was done here.
  const mark = tooth && selection ? (selection.surface ? tooth.superficies[selection.surface] : tooth) : null;
  const serviceName = (id: string | null) => services.find((s) => s.id === id)?.nombre ?? 'servicio del catálogo';
  const markInfo =
    mark?.etapa === 'planificado'
      ? `Planificado: ${serviceName(mark.servicioId)}`
      : mark?.etapa === 'realizado'
        ? mark.realizado
          ? `Realizado aquí el ${formatDateTime(mark.realizado.fecha)} por ${mark.realizado.autor.nombre}`
          : 'Realizado aquí: la fecha y el autor se registran al guardar'
        : null;
  return (
    <section
      aria-labelledby={`${notesId}-titulo`}
      className="@container flex min-w-0 flex-col gap-4 rounded-lg border p-4"
      data-print-hide
    >
      <h3 id={`${notesId}-titulo`} className="font-semibold">
        {M.treatmentOptions}
      </h3>
      <p className="text-sm" aria-live="polite">
        <span className="text-muted-foreground">Selección: </span>
        <span className="font-medium">{selectionText(selection)}</span>
      </p>
      {markInfo ? <p className="text-sm text-muted-foreground">{markInfo}</p> : null}
      {mark?.etapa === 'realizado' && mark.realizado?.notaId ? (
        // Done by signing a note (issue 22): the note that records it, for those who may read notes.
        <p className="text-sm">
          {canSeeNotes ? (
            <Link className="underline underline-offset-2" to={`/notas/${mark.realizado.notaId}`}>
              Registrado en la nota del {formatDay(mark.realizado.fecha)}
            </Link>
          ) : (
            `Registrado en la nota del ${formatDay(mark.realizado.fecha)}`
          )}
        </p>
      ) : null}

      {selection && tooth && tooth.estado !== 'missing' ? (
        <div role="group" aria-label="Superficie" className="flex flex-wrap gap-1">
          <Button
            type="button"
            size="sm"
            variant={selection.surface === null ? 'default' : 'outline'}
            aria-pressed={selection.surface === null}
            onClick={() => onChooseSurface(null)}
          >
            Diente completo
          </Button>
          {SURFACES.map((s) => (
            <Button
              key={s}
              type="button"
              size="sm"
              variant={selection.surface === s ? 'default' : 'outline'}
              aria-pressed={selection.surface === s}
              onClick={() => onChooseSurface(s)}
            >
              {surfaceLabel(selection.tooth, s)}
            </Button>
          ))}
        </div>
      ) : null}

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${notesId}-denticion`}>Dentición</Label>
        <select
          id={`${notesId}-denticion`}
          className="h-9 rounded-md border bg-background px-2 text-sm"
          value={chartDentition(chart)}
          onChange={(e) => {
            const denticion = DENTITIONS.find((d) => d === e.target.value);
            if (denticion) onDentition(denticion);
          }}
        >
          {DENTITIONS.map((d) => (
            <option key={d} value={d}>
              {DENTITION_LABELS[d]}
            </option>
          ))}
        </select>
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Etapa</legend>
        <div role="radiogroup" aria-label="Etapa" className="flex flex-wrap gap-1">
          {CHART_STAGES.map((etapa) => (
            <Button
              key={etapa}
              type="button"
              size="sm"
              role="radio"
              aria-checked={stage.etapa === etapa}
              variant={stage.etapa === etapa ? 'default' : 'outline'}
              onClick={() => onStage({ etapa, servicioId: etapa === 'existente' ? null : stage.servicioId })}
            >
              {CHART_STAGE_LABELS[etapa]}
            </Button>
          ))}
        </div>
        {stage.etapa !== 'existente' ? (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${notesId}-servicio`}>
              {stage.etapa === 'planificado' ? 'Servicio del catálogo' : 'Servicio del catálogo (opcional)'}
            </Label>
            <select
              id={`${notesId}-servicio`}
              className="h-9 rounded-md border bg-background px-2 text-sm"
              value={stage.servicioId ?? ''}
              aria-invalid={needsService || undefined}
              aria-describedby={needsService ? `${notesId}-servicio-ayuda` : undefined}
              onChange={(e) => onStage({ ...stage, servicioId: e.target.value || null })}
            >
              <option value="">Elige un servicio</option>
              {services.map((service) => (
                <option key={service.id} value={service.id}>
                  {service.nombre}
                </option>
              ))}
            </select>
            {needsService ? (
              <p id={`${notesId}-servicio-ayuda`} className="text-xs text-muted-foreground">
                {servicesError
                  ? 'No se pudieron cargar los servicios del catálogo.'
                  : services.length === 0
                    ? 'El catálogo no tiene servicios activos: añade uno en Productos y Servicios.'
                    : 'Un tratamiento planificado necesita un servicio del catálogo.'}
              </p>
            ) : null}
          </div>
        ) : null}
      </fieldset>

      <div
        role="group"
        aria-label="Estados"
        className="grid grid-cols-1 gap-2 @min-[17rem]:grid-cols-2 @min-[36rem]:grid-cols-4"
      >
        {TOOTH_STATUSES.map((status, i) => (
          <Button
            key={status}
            type="button"
            variant="outline"
            className="justify-start"
            disabled={!selection || (needsService && status !== 'healthy')}
            aria-keyshortcuts={String(i + 1)}
            onClick={() => onApply(status)}
          >
            <StatusSwatch prefix={patterns} status={status} />
            {TOOTH_STATUS_LABELS[status]}
            <kbd className="ml-auto rounded border bg-muted px-1 text-xs text-muted-foreground" aria-hidden="true">
              {i + 1}
            </kbd>
          </Button>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        Teclado: flechas para moverte entre dientes, Intro o Espacio para seleccionar, 1-7 para aplicar un estado y
        Escape para limpiar la selección.
      </p>

      {selection && tooth ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={notesId}>Notas del diente {selection.tooth}</Label>
          <Textarea
            id={notesId}
            rows={3}
            maxLength={TOOTH_NOTES_MAX}
            value={tooth.notas}
            onChange={(e) => onNotes(e.target.value)}
          />
        </div>
      ) : null}

      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={onClear} disabled={!selection}>
          <Eraser aria-hidden="true" />
          {M.clearSelection}
        </Button>
        <Button type="button" onClick={onSave} disabled={saving || !dirty} aria-busy={saving}>
          <Save aria-hidden="true" />
          {saving ? 'Guardando...' : M.save}
        </Button>
      </div>
      <Button
        type="button"
        variant="link"
        className={cn('self-start px-0 text-destructive')}
        onClick={onReset}
        disabled={saving}
      >
        <RotateCcw aria-hidden="true" />
        {M.reset}
      </Button>
    </section>
  );
}
