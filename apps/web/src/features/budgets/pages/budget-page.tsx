import {
  BUDGET_MESSAGES,
  formatDate,
  formatMoney,
  formatPercent,
  isBudgetEditable,
  lineWhere,
  type Budget,
  type UpdateBudgetData,
} from '@odontia/shared';
import { Download, FileSignature, Mail, Send, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { toastFailure } from '@/lib/form-errors';
import { useCan } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useClinicDate, useClinicDateTime } from '@/lib/use-clinic-today';
import { usePageTitle } from '@/lib/use-page-title';
import {
  budgetPdfUrl,
  useAcceptBudgetAtDesk,
  useBudget,
  useRejectBudget,
  useSaveBudget,
  useSendBudget,
  useSendBudgetByEmail,
} from '../api/budgets';
import { BudgetAcceptanceForm } from '../components/acceptance-form';
import { AcceptanceRecord } from '../components/acceptance-record';
import { LineDoneButton } from '../components/line-done-dialog';
import { BudgetEditor } from '../components/budget-editor';
import { BudgetStateBadge } from '../components/budget-state-badge';
import { FollowUpCard } from '../components/follow-up-card';
import { BudgetTotalsCard } from '../components/budget-totals';

/** A budget as it stands, for who may not change it or once it cannot change: its lines and totals. */
function BudgetView({ budget, canMarkDone }: { budget: Budget; canMarkDone: boolean }) {
  const money = (value: number) => formatMoney(value, budget.moneda);
  const clinicDate = useClinicDate();
  const accepted = (budget.estado === 'aceptado' || budget.estado === 'aceptado_parcialmente') && !budget.sustituidoPor;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="grid min-w-0 gap-6">
        <Card className="py-0">
          <CardContent className="p-0">
            <Table aria-label="Líneas del presupuesto">
              <TableHeader>
                <TableRow>
                  <TableHead>Tratamiento</TableHead>
                  <TableHead className="hidden @lg:table-cell">Fase</TableHead>
                  <TableHead className="hidden @2xl:table-cell">Cantidad</TableHead>
                  <TableHead className="hidden @2xl:table-cell text-right">Precio</TableHead>
                  <TableHead className="hidden @4xl:table-cell text-right">Descuento</TableHead>
                  <TableHead className="hidden @4xl:table-cell text-right">Impuesto</TableHead>
                  <TableHead className="text-right">Total</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {budget.lineas.map((l) => (
                  <TableRow key={l.id}>
                    <TableCell className="whitespace-normal">
                      <span className="font-medium">{l.descripcion}</span>
                      {l.opcion ? <span className="ml-2 text-xs text-muted-foreground">Opción {l.opcion}</span> : null}
                      {l.diente !== null ? (
                        <p className="text-xs text-muted-foreground">Diente {lineWhere(l)}</p>
                      ) : null}
                      {l.aceptada !== null ? (
                        <p
                          className={
                            l.aceptada
                              ? 'text-xs font-medium text-emerald-700 dark:text-emerald-400'
                              : 'text-xs text-muted-foreground'
                          }
                        >
                          {l.aceptada ? 'Aceptado' : 'No aceptado'}
                        </p>
                      ) : null}
                      {l.realizado ? (
                        <p className="text-xs font-medium text-sky-700 dark:text-sky-400">
                          Realizado el {clinicDate(l.realizado.fecha)}
                          {l.realizado.dentista ? ` · ${l.realizado.dentista}` : ''}
                        </p>
                      ) : canMarkDone && accepted && l.aceptada ? (
                        <div className="mt-1">
                          <LineDoneButton line={l} />
                        </div>
                      ) : null}
                      <p className="text-xs text-muted-foreground @2xl:hidden">
                        {l.cantidad} × {money(l.precioUnitario)}
                      </p>
                    </TableCell>
                    <TableCell className="hidden @lg:table-cell">{l.fase}</TableCell>
                    <TableCell className="hidden @2xl:table-cell">{l.cantidad}</TableCell>
                    <TableCell className="hidden @2xl:table-cell text-right tabular-nums">
                      {money(l.precioUnitario)}
                    </TableCell>
                    <TableCell className="hidden @4xl:table-cell text-right tabular-nums">
                      {l.importes.descuento ? money(l.importes.descuento) : '—'}
                    </TableCell>
                    <TableCell className="hidden @4xl:table-cell text-right tabular-nums">
                      {formatPercent(l.puntosBasicos)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{money(l.importes.total)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
        {budget.condiciones ? (
          <Card>
            <CardHeader>
              <CardTitle>
                <h2 className="text-lg font-semibold">Condiciones</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="text-sm whitespace-pre-line">{budget.condiciones}</CardContent>
          </Card>
        ) : null}
      </div>
      <BudgetTotalsCard lines={budget.lineas} moneda={budget.moneda} />
    </div>
  );
}

/**
 * A budget (/presupuestos/{id}, issue 23): its number, version, state, patient and validity; the editor
 * while it may change and the member may edit it (a sent one is saved as the next version), otherwise
 * its lines and totals. 'Enviar por email' sends the patient the link to accept it from home and
 * 'Aceptar en consulta' has them sign here; 'Marcar como enviado' once handed over on paper; 'Registrar
 * rechazo' when they say no. A signed acceptance shows its record, and the PDF is the signed one.
 */
export default function BudgetPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const budget = useBudget(id);
  const save = useSaveBudget();
  const send = useSendBudget();
  const email = useSendBudgetByEmail();
  const acceptAtDesk = useAcceptBudgetAtDesk();
  const reject = useRejectBudget();
  const canEdit = useCan('presupuestos.editar');
  const canSend = useCan('presupuestos.enviar');
  const clinicDate = useClinicDate();
  const clinicDateTime = useClinicDateTime();
  const [confirmReject, setConfirmReject] = useState(false);
  const [signing, setSigning] = useState(false);
  // Unsaved changes in the editor: sending now would send the budget without them.
  const [dirty, setDirty] = useState(false);
  const data = budget.data;
  usePageTitle(data ? `Presupuesto ${data.numero}` : BUDGET_MESSAGES.title);

  useEffect(() => {
    if (budget.isError) {
      toast.error(BUDGET_MESSAGES.loadError, errorMessage(budget.error, BUDGET_MESSAGES.notFound), {
        id: 'error-cargar-presupuesto',
      });
      navigate('/presupuestos', { replace: true });
    }
  }, [budget.isError, budget.error, navigate]);

  if (budget.isError) return null;
  if (!data) {
    return (
      <div className="grid gap-4" aria-busy="true" aria-label="Cargando presupuesto">
        <Skeleton className="h-10 w-72" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }

  const editable = canEdit && !data.sustituidoPor && isBudgetEditable(data.estado);
  const onSave = async (input: UpdateBudgetData) => {
    try {
      const { presupuesto, mensaje } = await save.mutateAsync({ id: data.id, input });
      toast.success(mensaje);
      if (presupuesto.id !== data.id) navigate(`/presupuestos/${presupuesto.id}`);
      return true;
    } catch (error) {
      toastFailure(error, { title: BUDGET_MESSAGES.saveError, fallback: 'Inténtalo de nuevo más tarde' });
      return false;
    }
  };
  const act = async (run: () => Promise<{ mensaje: string }>) => {
    try {
      toast.success((await run()).mensaje);
    } catch (error) {
      toastFailure(error, { title: BUDGET_MESSAGES.saveError, fallback: 'Inténtalo de nuevo más tarde' });
    }
  };
  const latest = data.versiones.at(-1);
  const current = !data.sustituidoPor;
  // Sent to the patient (by email) while a draft or sent; signed at the desk while a draft or sent, in date.
  const canAnswer = canSend && current && (data.estado === 'borrador' || data.estado === 'enviado');
  const ready = data.lineas.length > 0 && !dirty;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">
            <Link to="/presupuestos" className="hover:underline">
              {BUDGET_MESSAGES.title}
            </Link>
          </p>
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight">
            Presupuesto {data.numero}
            {data.versiones.length > 1 ? (
              <span className="text-base font-normal text-muted-foreground">versión {data.version}</span>
            ) : null}
            <BudgetStateBadge estado={data.estado} />
          </h1>
          <p className="text-muted-foreground">
            <Link to={`/pacientes/${data.paciente.id}`} className="font-medium text-foreground hover:underline">
              {data.paciente.nombres} {data.paciente.apellidos}
            </Link>{' '}
            · creado el {clinicDate(data.fechaCreacion)} por {data.autor.nombre || 'un miembro del equipo'} · válido
            hasta {formatDate(data.validoHasta)}
            {data.fechaEnvio ? ` · entregado el ${clinicDate(data.fechaEnvio)}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <a href={budgetPdfUrl(data.id)} download>
              <Download aria-hidden="true" />
              {data.aceptacion ? 'Descargar PDF firmado' : 'Descargar PDF'}
            </a>
          </Button>
          {canAnswer ? (
            <Button
              variant="outline"
              onClick={() => void act(() => email.mutateAsync(data.id))}
              disabled={email.isPending || !ready}
              aria-describedby={dirty ? 'presupuesto-sin-guardar' : undefined}
            >
              <Mail aria-hidden="true" />
              {email.isPending ? 'Enviando...' : 'Enviar por email'}
            </Button>
          ) : null}
          {canAnswer ? (
            <Button
              variant="outline"
              onClick={() => setSigning(true)}
              disabled={!ready}
              aria-describedby={dirty ? 'presupuesto-sin-guardar' : undefined}
            >
              <FileSignature aria-hidden="true" />
              Aceptar en consulta
            </Button>
          ) : null}
          {canSend && data.estado === 'borrador' && !data.sustituidoPor ? (
            <Button
              onClick={() => void act(() => send.mutateAsync(data.id))}
              disabled={send.isPending || data.lineas.length === 0 || dirty}
              aria-describedby={dirty ? 'presupuesto-sin-guardar' : undefined}
            >
              <Send aria-hidden="true" />
              Marcar como enviado
            </Button>
          ) : null}
          {canEdit && (data.estado === 'enviado' || data.estado === 'caducado') && !data.sustituidoPor ? (
            <Button variant="outline" onClick={() => setConfirmReject(true)}>
              <XCircle aria-hidden="true" />
              Registrar rechazo
            </Button>
          ) : null}
        </div>
      </header>

      {data.sustituidoPor && latest ? (
        <p className="rounded-md border bg-muted/40 p-3 text-sm" role="note">
          Esta versión se sustituyó por otra y se conserva tal como se entregó.{' '}
          <Link to={`/presupuestos/${latest.id}`} className="font-medium underline underline-offset-4">
            Ver la versión {latest.version}
          </Link>
        </p>
      ) : null}
      {data.versiones.length > 1 ? (
        <nav aria-label="Versiones del presupuesto" className="flex flex-wrap gap-2 text-sm">
          {data.versiones.map((v) =>
            v.id === data.id ? (
              <span key={v.id} aria-current="page" className="rounded-md bg-muted px-2 py-1 font-medium">
                Versión {v.version}
              </span>
            ) : (
              <Link key={v.id} to={`/presupuestos/${v.id}`} className="rounded-md px-2 py-1 hover:bg-muted">
                Versión {v.version}
              </Link>
            ),
          )}
        </nav>
      ) : null}

      {dirty && canAnswer ? (
        <p id="presupuesto-sin-guardar" className="text-sm text-muted-foreground" role="status">
          Guarda los cambios antes de enviarlo o de que el paciente lo acepte.
        </p>
      ) : null}
      {data.aceptacion ? <AcceptanceRecord aceptacion={data.aceptacion} formatDateTime={clinicDateTime} /> : null}
      {data.estado === 'rechazado' && data.motivoRechazo ? (
        <p className="rounded-md border bg-muted/40 p-3 text-sm" role="note">
          El paciente lo rechazó desde el enlace: «{data.motivoRechazo}»
        </p>
      ) : null}
      {canSend && data.estado === 'enviado' && !data.sustituidoPor ? (
        <FollowUpCard key={`${data.id}-seguimiento`} budget={data} />
      ) : null}

      {editable ? (
        <BudgetEditor key={`${data.id}-${data.estado}`} budget={data} onSave={onSave} onDirtyChange={setDirty} />
      ) : (
        <BudgetView budget={data} canMarkDone={canEdit} />
      )}

      <Dialog open={signing} onOpenChange={setSigning}>
        <DialogContent className="max-h-[92vh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>Aceptación en consulta</DialogTitle>
            <DialogDescription>
              El paciente, presente, elige los tratamientos y firma en esta pantalla. Quedará registrado con la fecha,
              este equipo y el PDF firmado.
            </DialogDescription>
          </DialogHeader>
          <BudgetAcceptanceForm
            lineas={data.lineas}
            moneda={data.moneda}
            firmanteInicial={`${data.paciente.nombres} ${data.paciente.apellidos}`}
            onSubmit={async (input) => {
              const { mensaje } = await acceptAtDesk.mutateAsync({ id: data.id, input });
              toast.success(mensaje);
              setSigning(false);
            }}
          />
        </DialogContent>
      </Dialog>

      <ConfirmDeleteDialog
        open={confirmReject}
        onOpenChange={setConfirmReject}
        pending={reject.isPending}
        title="¿Registrar el rechazo?"
        confirmLabel="Registrar rechazo"
        pendingLabel="Guardando..."
        description={
          <>
            El paciente no acepta el presupuesto {data.numero}. Quedará como rechazado y ya no se podrá cambiar; podrás
            crear otro desde su ficha.
          </>
        }
        onConfirm={() =>
          void act(async () => {
            const answer = await reject.mutateAsync(data.id);
            setConfirmReject(false);
            return answer;
          })
        }
      />
    </div>
  );
}
