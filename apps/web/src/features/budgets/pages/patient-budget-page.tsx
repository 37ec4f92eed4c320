import {
  BUDGET_FACTOR_LABELS,
  BUDGET_MESSAGES as M,
  budgetFactorSchema,
  formatDate,
  formatDateTime,
  formatMoney,
  lineWhere,
  type BudgetFactor,
  type BudgetLinkInfo,
  type PublicBudget,
} from '@odontia/shared';
import { Download, Lock, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api';
import { toastFailure } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import {
  budgetLinkPdfUrl,
  useAcceptBudgetLink,
  useBudgetLink,
  usePublicBudget,
  useRejectBudgetLink,
  useVerifyBudgetFactor,
} from '../api/budgets';
import { BudgetAcceptanceForm } from '../components/acceptance-form';
import { AcceptanceRecord } from '../components/acceptance-record';
import { BudgetStateBadge } from '../components/budget-state-badge';
import { BudgetTotalsCard } from '../components/budget-totals';

/** The second factor: one of the facts the clinic holds (the patient picks which when there are two). */
function FactorForm({ token, info }: { token: string; info: BudgetLinkInfo }) {
  const ids = useId();
  const verify = useVerifyBudgetFactor(token);
  const [tipo, setTipo] = useState<BudgetFactor>(info.factores[0] ?? 'telefono');
  const [valor, setValor] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [locked, setLocked] = useState<string | null>(info.bloqueadoHasta ? M.factorLocked : null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = budgetFactorSchema.safeParse({ tipo, valor });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? M.factorInvalid);
      return;
    }
    setError(null);
    try {
      await verify.mutateAsync(parsed.data);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 429) setLocked(failure.message);
      else setError(errorMessage(failure, M.factorInvalid));
    }
  };

  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <CardTitle>
          <h1 className="text-xl font-semibold">Confirma que eres tú</h1>
        </CardTitle>
        <CardDescription>
          {info.clinica.nombre} te ha enviado un presupuesto. Para verlo, confirma uno de estos datos que la clínica
          tiene de ti.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {locked ? (
          <p role="alert" className="flex items-start gap-2 rounded-md border border-destructive/40 p-3 text-sm">
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
            {locked}
          </p>
        ) : (
          <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4" aria-label="Confirmar tus datos">
            {info.factores.length > 1 ? (
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">¿Qué dato quieres confirmar?</legend>
                {info.factores.map((f) => (
                  <label key={f} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name={`${ids}-factor`}
                      checked={tipo === f}
                      onChange={() => {
                        setTipo(f);
                        setValor('');
                        setError(null);
                      }}
                    />
                    {BUDGET_FACTOR_LABELS[f]}
                  </label>
                ))}
              </fieldset>
            ) : null}
            <FormField label={BUDGET_FACTOR_LABELS[tipo]} required error={error ?? undefined}>
              {tipo === 'telefono' ? (
                <Input
                  value={valor}
                  onChange={(e) => setValor(e.target.value.replace(/\D/g, '').slice(0, 4))}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="0000"
                  className="max-w-32 tracking-widest"
                />
              ) : (
                <Input type="date" value={valor} onChange={(e) => setValor(e.target.value)} className="max-w-48" />
              )}
            </FormField>
            <SubmitButton pending={verify.isPending} pendingLabel="Comprobando..." className="justify-self-start">
              Ver mi presupuesto
            </SubmitButton>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/** The refusal, with the patient's reason if they want to give one. */
function RejectDialog({
  token,
  open,
  onOpenChange,
}: {
  token: string;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const reject = useRejectBudgetLink(token);
  const [motivo, setMotivo] = useState('');
  const confirm = async () => {
    try {
      const { mensaje } = await reject.mutateAsync(motivo.trim() || null);
      toast.success(mensaje);
      onOpenChange(false);
    } catch (error) {
      toastFailure(error, { title: 'No se pudo registrar tu respuesta', fallback: 'Inténtalo de nuevo más tarde' });
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>¿Rechazar el presupuesto?</DialogTitle>
          <DialogDescription>
            Avisaremos a la clínica. Si quieres, cuéntale por qué: le ayudará a proponerte otra opción.
          </DialogDescription>
        </DialogHeader>
        <FormField label="Motivo (opcional)">
          <Textarea value={motivo} onChange={(e) => setMotivo(e.target.value)} maxLength={500} rows={3} />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} disabled={reject.isPending}>
            {reject.isPending ? 'Enviando...' : 'Rechazar presupuesto'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Why the budget takes no answer any more, when it does not. */
function closedNote(b: PublicBudget): string | null {
  if (b.aceptacion) return null;
  if (b.sustituido) return 'La clínica ha actualizado este presupuesto: te enviará la nueva versión.';
  if (b.estado === 'rechazado') return 'Rechazaste este presupuesto. Si cambias de opinión, habla con la clínica.';
  if (b.estado === 'caducado') {
    return `Este presupuesto caducó el ${formatDate(b.validoHasta)}. Pide a la clínica uno actualizado.`;
  }
  return null;
}

function BudgetForPatient({ token, budget: b }: { token: string; budget: PublicBudget }) {
  const accept = useAcceptBudgetLink(token);
  const [rejecting, setRejecting] = useState(false);
  const money = (value: number) => formatMoney(value, b.moneda);
  const phases = [...new Set(b.lineas.map((l) => l.fase))].sort((x, y) => x - y);
  const answerable = b.estado === 'enviado' && !b.sustituido;
  const note = closedNote(b);
  const contact = [b.clinica.direccion, b.clinica.ciudad].filter(Boolean).join(', ');

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight">
          Presupuesto {b.numero}
          <BudgetStateBadge estado={b.estado} />
        </h1>
        <p className="text-muted-foreground">
          Para {b.paciente.nombres} {b.paciente.apellidos} · válido hasta el {formatDate(b.validoHasta)}
          {b.version > 1 ? ` · versión ${b.version}` : ''}
        </p>
      </div>

      {b.aceptacion ? (
        <AcceptanceRecord
          aceptacion={b.aceptacion}
          // The clinic's clock, as on the signed PDF and the appointment page: not the phone's zone.
          formatDateTime={(iso) => formatDateTime(iso, b.clinica.zonaHoraria)}
          detalles={false}
        />
      ) : null}
      {note ? (
        <p role="note" className="rounded-md border bg-muted/40 p-3 text-sm">
          {note}
        </p>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2 className="text-lg font-semibold">Tratamientos</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            {phases.map((fase) => (
              <div key={fase} className="grid gap-2">
                {phases.length > 1 ? <h3 className="text-sm font-medium text-muted-foreground">Fase {fase}</h3> : null}
                <ul className="grid gap-2">
                  {b.lineas
                    .filter((l) => l.fase === fase)
                    .map((l) => (
                      <li key={l.id} className="flex items-start justify-between gap-3 border-b pb-2 last:border-0">
                        <span className="grid gap-0.5">
                          <span className="font-medium">
                            {l.descripcion}
                            {l.cantidad > 1 ? ` × ${l.cantidad}` : ''}
                            {l.opcion ? (
                              <span className="ml-2 text-xs font-normal text-muted-foreground">Opción {l.opcion}</span>
                            ) : null}
                          </span>
                          {l.diente !== null ? (
                            <span className="text-xs text-muted-foreground">Diente {lineWhere(l)}</span>
                          ) : null}
                          {l.aceptada !== null ? (
                            <span className="text-xs text-muted-foreground">
                              {l.aceptada ? 'Aceptado' : 'No aceptado'}
                            </span>
                          ) : null}
                        </span>
                        <span className="tabular-nums">{money(l.importes.total)}</span>
                      </li>
                    ))}
                </ul>
              </div>
            ))}
            {b.condiciones ? (
              <div className="grid gap-1 border-t pt-3 text-sm">
                <h3 className="font-medium">Condiciones</h3>
                <p className="whitespace-pre-line text-muted-foreground">{b.condiciones}</p>
              </div>
            ) : null}
            <Button variant="outline" asChild className="justify-self-start">
              <a href={budgetLinkPdfUrl(token)} download>
                <Download aria-hidden="true" />
                {b.aceptacion ? 'Descargar PDF firmado' : 'Descargar PDF'}
              </a>
            </Button>
          </CardContent>
        </Card>
        <BudgetTotalsCard lines={b.lineas} moneda={b.moneda} />
      </div>

      {answerable ? (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2 className="text-lg font-semibold">Aceptar el presupuesto</h2>
            </CardTitle>
            <CardDescription>
              Marca los tratamientos que aceptas y firma con el dedo o el ratón. Guardaremos la fecha y el PDF firmado,
              y avisaremos a la clínica.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <BudgetAcceptanceForm
              lineas={b.lineas}
              moneda={b.moneda}
              firmanteInicial={`${b.paciente.nombres} ${b.paciente.apellidos}`}
              onSubmit={async (input) => {
                const { mensaje } = await accept.mutateAsync(input);
                toast.success(mensaje);
              }}
            />
            <div className="grid gap-2 border-t pt-4">
              <p className="text-sm text-muted-foreground">¿No te convence? Puedes decírselo a la clínica.</p>
              <Button variant="outline" className="justify-self-start" onClick={() => setRejecting(true)}>
                <XCircle aria-hidden="true" />
                Rechazar el presupuesto
              </Button>
            </div>
          </CardContent>
        </Card>
      ) : null}
      <RejectDialog token={token} open={rejecting} onOpenChange={setRejecting} />

      <footer className="border-t pt-4 text-sm text-muted-foreground">
        {b.clinica.nombre}
        {contact ? ` · ${contact}` : ''}
        {b.clinica.telefono ? ` · Tel. ${b.clinica.telefono}` : ''}
      </footer>
    </div>
  );
}

/**
 * The patient's budget link (/presupuesto/{token}, issue 23), public: the clinic asks for the second
 * factor first (the last four digits of the patient's phone or their birth date; the link locks after 5
 * failures); then the budget, its PDF, and the acceptance with signature or the refusal.
 */
export default function PatientBudgetPage() {
  const { token = '' } = useParams();
  usePageTitle('Tu presupuesto');
  const info = useBudgetLink(token);
  const budget = usePublicBudget(token, info.isSuccess);
  const needsFactor = budget.error instanceof ApiError && budget.error.status === 401;

  return (
    <div className="min-h-screen bg-muted/30">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-4xl items-center gap-3 px-4 py-3">
          {info.data?.clinica.logoUrl ? (
            <img src={info.data.clinica.logoUrl} alt="" className="size-10 rounded object-contain" />
          ) : null}
          <p className="font-semibold">{info.data?.clinica.nombre ?? 'Odontia'}</p>
        </div>
      </header>
      <main className="mx-auto grid max-w-4xl gap-6 px-4 py-6">
        {info.isError ? (
          <p role="alert" className="mx-auto max-w-md rounded-md border bg-background p-4 text-center">
            {errorMessage(info.error, M.linkNotFound)}
          </p>
        ) : !info.data || (budget.isPending && !needsFactor) ? (
          <div aria-busy="true" aria-label="Cargando el presupuesto" className="grid gap-3">
            <Skeleton className="h-10 w-64" />
            <Skeleton className="h-48 w-full" />
          </div>
        ) : needsFactor ? (
          <FactorForm token={token} info={info.data} />
        ) : budget.data ? (
          <BudgetForPatient token={token} budget={budget.data} />
        ) : (
          <p role="alert" className="mx-auto max-w-md rounded-md border bg-background p-4 text-center">
            {errorMessage(budget.error, M.linkNotFound)}
          </p>
        )}
      </main>
    </div>
  );
}
