import {
  chartDentition,
  chartEditorReducer,
  chartTeeth,
  EXISTING,
  toothEntry,
  CHART_STAGE_LABELS,
  type ChartStageChoice,
  initialEditorState,
  ODONTOGRAM_MESSAGES as M,
  resetChart,
  TOOTH_STATUS_LABELS,
  type OdontogramChart,
  type Surface,
  type ToothId,
  type ToothStatus,
} from '@odontia/shared';
import { History, Printer, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useId, useReducer, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LeaveDialog } from '@/components/leave-dialog';
import { ApiError, errorMessage } from '@/lib/api';
import { useClinicDateTime } from '@/lib/use-clinic-today';
import { useCan, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useLeaveGuard } from '@/lib/use-leave-guard';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useChartServices, useSaveOdontogram, type Odontogram } from '../api/odontogram';
import { DentalChart } from './dental-chart';
import { HistoryPanel } from './history-panel';
import { PrintHeader } from './print-header';
import { StatusLegend, StatusPatterns } from './status-patterns';
import { selectionText, statusForKey, TreatmentPanel } from './treatment-panel';

const isTextField = (el: EventTarget) =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

type Props = {
  patientId: string;
  patientName: string;
  /** The chart as the screen opened it. */
  saved: Odontogram;
  /** Reads the current chart again (after a conflict). */
  reload: () => Promise<{ data?: Odontogram }>;
  /** Other features' buttons for this chart (the router gives 'Crear presupuesto'), told whether it has unsaved edits. */
  actions?: (dirty: boolean) => ReactNode;
};

/**
 * 'Carta Dental Interactiva' of one patient: the chart as last saved, edited with the rules of spec 000
 * §4 (packages/shared), saved as a new version from the version it started from; a save that comes
 * after someone else's is refused (409) and the screen offers to load theirs.
 */
export function PatientChart({ patientId, patientName, saved, reload, actions }: Props) {
  const formatDateTime = useClinicDateTime();
  const patterns = `odo${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const { account } = useSession();
  const canEdit = useCan('odontograma.editar');
  const [state, dispatch] = useReducer(chartEditorReducer, saved.chart, initialEditorState);
  /** The saved version the edits start from (sent with the save). */
  const [current, setCurrent] = useState(saved);
  const [conflict, setConflict] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const save = useSaveOdontogram(patientId);
  /** The etapa the status buttons apply (and, when planned, the catalogue service). */
  const [stage, setStage] = useState<ChartStageChoice>(EXISTING);
  const services = useChartServices(canEdit);
  const { blocker } = useLeaveGuard(state.dirty);

  const onSelectTooth = useCallback((tooth: ToothId) => dispatch({ type: 'clickTooth', tooth }), []);
  const onSelectSurface = useCallback(
    (tooth: ToothId, surface: Surface) => dispatch({ type: 'clickSurface', tooth, surface }),
    [],
  );

  const load = (odontogram: Odontogram) => {
    setCurrent(odontogram);
    dispatch({ type: 'load', chart: odontogram.chart });
  };

  const apply = (status: ToothStatus) => {
    if (!canEdit || !state.selection) return;
    // A plan needs its service first (the panel says so).
    if (stage.etapa === 'planificado' && !stage.servicioId && status !== 'healthy') return;
    dispatch({ type: 'apply', status, stage });
    const label =
      status === 'healthy' || stage.etapa === 'existente'
        ? TOOTH_STATUS_LABELS[status]
        : `${TOOTH_STATUS_LABELS[status]} (${CHART_STAGE_LABELS[stage.etapa].toLowerCase()})`;
    // One toast at a time: each treatment replaces the last one's.
    toast.success(M.applied(label), selectionText(state.selection), {
      id: 'odontograma-tratamiento',
    });
  };

  const store = async (chart: OdontogramChart) => {
    try {
      const result = await save.mutateAsync({ baseVersion: current.version, chart });
      setCurrent(result);
      setConflict(null);
      return result;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setConflict(error.message);
      else
        toast.error(
          'Error al guardar cambios',
          errorMessage(error, 'No se pudo guardar el odontograma. Inténtalo de nuevo.'),
        );
      return null;
    }
  };

  // The chart on screen now (the save is awaited: a change made meanwhile must stay unsaved).
  const shown = useRef(state.chart);
  useEffect(() => {
    shown.current = state.chart;
  }, [state.chart]);

  // One save at a time: a double click's second save, from the same base version, came back as a
  // conflict with the first ("someone saved meanwhile") although both were this screen's.
  const once = useSingleFlight();
  const onSave = () => once(saveShown);
  const saveShown = async () => {
    const sent = state.chart;
    const result = await store(sent);
    if (result) {
      // The chart as stored: done entries now carry the date and author the server gave them.
      if (shown.current === sent) dispatch({ type: 'saved', chart: result.chart });
      toast.success(M.savedTitle, M.savedDescription);
    }
  };

  const onReset = async () => {
    setConfirmReset(false);
    // Restablecer saves the healthy chart as a new version: the flag clears (spec 000 §4) because it is
    // saved, and the earlier versions stay in the history.
    if (await store(resetChart(chartDentition(state.chart)))) {
      dispatch({ type: 'reset' });
      toast.success(M.resetDone);
    }
  };

  const reloadLatest = async () => {
    const { data } = await reload();
    if (data) {
      load(data);
      setConflict(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys typed in the notes, or in a dialog (portals bubble through React), are not commands.
    if (event.defaultPrevented || isTextField(event.target) || !event.currentTarget.contains(event.target as Node))
      return;
    if (event.key === 'Escape' && state.selection) {
      dispatch({ type: 'clearSelection' });
      return;
    }
    const status = event.ctrlKey || event.metaKey || event.altKey ? null : statusForKey(event.key);
    if (status && canEdit && state.selection) {
      event.preventDefault();
      apply(status);
    }
  };

  return (
    <Card className="odontogram-print" onKeyDown={onKeyDown}>
      <StatusPatterns prefix={patterns} />
      <PrintHeader patientName={patientName} clinicName={account?.clinica?.nombre ?? ''} version={current} />
      <CardHeader className="flex flex-wrap items-start justify-between gap-3 px-4 lg:px-6" data-print-hide>
        <div className="flex flex-col gap-1">
          <CardTitle>
            <h2 className="text-lg">{M.title}</h2>
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            {current.version === 0
              ? `${patientName}: aún no tiene odontograma guardado.`
              : `${patientName}: versión ${current.version}, guardada el ${current.fecha ? formatDateTime(current.fecha) : ''} por ${current.autor?.nombre ?? 'un miembro que ya no está en la clínica'}.`}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {state.dirty ? (
            <Badge variant="warning" role="status">
              {M.unsaved}
            </Badge>
          ) : null}
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-expanded={historyOpen}
            onClick={() => setHistoryOpen((o) => !o)}
          >
            <History aria-hidden="true" />
            Historial
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            Imprimir
          </Button>
          {actions?.(state.dirty)}
        </div>
      </CardHeader>
      {/* Narrower padding below 1024 px leaves the chart room for 16 teeth a row beside the sidebar at 768 px. */}
      <CardContent className="flex flex-col gap-6 px-4 lg:px-6">
        {conflict ? (
          <div
            role="alert"
            className="flex flex-col gap-3 rounded-lg border border-destructive/50 bg-destructive/5 p-4"
            data-print-hide
          >
            <p className="font-medium">No se han guardado tus cambios</p>
            <p className="text-sm">{conflict}</p>
            <p className="text-sm">
              Si recargas, los cambios que has hecho aquí se descartarán y verás la última versión guardada.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button type="button" onClick={reloadLatest}>
                <RefreshCw aria-hidden="true" />
                Recargar la última versión
              </Button>
              <Button type="button" variant="outline" onClick={() => setConflict(null)}>
                Seguir viendo mis cambios
              </Button>
            </div>
          </div>
        ) : null}
        {/* The panel beside the chart on wide screens, under it otherwise; minmax(0, …): neither the chart nor
            the panel ever widens the page. */}
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 2xl:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="flex min-w-0 flex-col gap-4">
            <DentalChart
              chart={state.chart}
              patterns={patterns}
              selection={state.selection}
              onSelectTooth={onSelectTooth}
              onSelectSurface={onSelectSurface}
              label={`Odontograma de ${patientName}`}
            />
            <StatusLegend prefix={patterns} />
            <ToothNotes chart={state.chart} />
          </div>
          {canEdit ? (
            <TreatmentPanel
              chart={state.chart}
              selection={state.selection}
              patterns={patterns}
              saving={save.isPending}
              dirty={state.dirty}
              onApply={apply}
              stage={stage}
              onStage={setStage}
              services={services.data ?? []}
              servicesError={services.isError}
              onDentition={(denticion) => dispatch({ type: 'setDentition', denticion })}
              onChooseSurface={(surface) => {
                if (!state.selection) return;
                if (surface) dispatch({ type: 'clickSurface', tooth: state.selection.tooth, surface });
                else if (state.selection.surface) dispatch({ type: 'clickTooth', tooth: state.selection.tooth });
              }}
              onNotes={(notas) =>
                state.selection && dispatch({ type: 'setNotes', tooth: state.selection.tooth, notas })
              }
              onClear={() => dispatch({ type: 'clearSelection' })}
              onSave={onSave}
              onReset={() => setConfirmReset(true)}
            />
          ) : (
            <p className="text-sm text-muted-foreground" data-print-hide>
              Tu rol puede ver el odontograma, no modificarlo.
            </p>
          )}
        </div>
        {historyOpen ? <HistoryPanel patientId={patientId} patientName={patientName} latest={current.version} /> : null}
      </CardContent>

      <AlertDialog open={confirmReset} onOpenChange={setConfirmReset}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>¿Restablecer el odontograma?</AlertDialogTitle>
            <AlertDialogDescription>{M.resetConfirm}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancelar</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={onReset}>
              {M.reset}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <LeaveDialog blocker={blocker} what="El odontograma" />
    </Card>
  );
}

/** The teeth with notes, listed under the chart (and printed with it). */
function ToothNotes({ chart }: { chart: OdontogramChart }) {
  const withNotes = chartTeeth(chart).filter((id) => toothEntry(chart, id).notas.trim());
  if (withNotes.length === 0) return null;
  return (
    <section aria-label="Notas por diente" className="text-sm">
      <h3 className="mb-1 font-medium">Notas por diente</h3>
      <ul className="grid gap-1">
        {withNotes.map((id) => (
          <li key={id}>
            <span className="font-medium">Diente {id}:</span>{' '}
            <span className="whitespace-pre-line">{toothEntry(chart, id).notas}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
