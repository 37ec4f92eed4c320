import { AUDIT_ACTION_LABELS, AUDIT_MESSAGES, AUDIT_PAGE_SIZE } from '@odontia/shared';
import { ClipboardList, Filter, X } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, ListTable } from '@/components/list-content';
import { PatientPicker } from '@/components/patient-picker';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { pageParam } from '@/lib/page-param';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useClinicDateTime } from '@/lib/use-clinic-today';
import { useAudit, useAuditMembers, type AuditFilter } from '../api/audit';

const ALL = 'todos';
type FilterKey = Exclude<keyof AuditFilter, 'pagina'>;
const FILTER_KEYS: FilterKey[] = ['paciente', 'usuario', 'desde', 'hasta'];

/** The filters and the page live in the URL: a reload, a shared link and the back button keep them. */
function useAuditParams() {
  const [params, setParams] = useSearchParams();
  const filter: AuditFilter = {
    paciente: params.get('paciente') ?? '',
    usuario: params.get('usuario') ?? '',
    desde: params.get('desde') ?? '',
    hasta: params.get('hasta') ?? '',
    pagina: pageParam(params),
  };
  /** A changed filter starts again at page 1. */
  const set = (next: Partial<AuditFilter>) => {
    const merged = { ...filter, pagina: 1, ...next };
    const search = new URLSearchParams();
    for (const key of FILTER_KEYS) if (merged[key]) search.set(key, merged[key]);
    if (merged.pagina > 1) search.set('pagina', String(merged.pagina));
    setParams(search);
  };
  return { filter, set };
}

/**
 * 'Registro de auditoría' (/auditoria, DESIGN §1): who viewed or changed which patient's clinical
 * record, when and from where, newest first, filtered by patient, member and days. Read only.
 */
export default function AuditPage() {
  const formatDateTime = useClinicDateTime();
  usePageTitle(AUDIT_MESSAGES.title);
  const ids = useId();
  const { filter, set } = useAuditParams();
  const list = useAudit(filter);
  const members = useAuditMembers();
  const redirecting = useClinicRequired(list.error);
  if (redirecting) return null;
  const data = list.data;
  const filtered = FILTER_KEYS.some((k) => filter[k]);
  const patientName = data?.registros.find((r) => r.paciente?.id === filter.paciente)?.paciente?.nombre;

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{AUDIT_MESSAGES.title}</h1>
        <p className="text-muted-foreground">
          Quién vio o modificó la historia clínica de cada paciente, cuándo y desde dónde.
        </p>
      </header>

      <section aria-label="Filtros" className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-paciente`}>Paciente</Label>
          {filter.paciente ? (
            <div className="flex items-center justify-between gap-2 rounded-md border px-3 py-1.5 text-sm">
              <span id={`${ids}-paciente`} className="font-medium">
                {patientName ?? 'Paciente elegido'}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label="Quitar el filtro de paciente"
                onClick={() => set({ paciente: '' })}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
          ) : (
            <PatientPicker
              id={`${ids}-paciente`}
              aria-invalid={false}
              aria-describedby={undefined}
              aria-required={undefined}
              value=""
              initial={null}
              onChange={(id) => id && set({ paciente: id })}
            />
          )}
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-usuario`}>Miembro</Label>
          <Select value={filter.usuario || ALL} onValueChange={(v) => set({ usuario: v === ALL ? '' : v })}>
            <SelectTrigger id={`${ids}-usuario`} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>Todos los miembros</SelectItem>
              {(members.data?.usuarios ?? []).map((u) => (
                <SelectItem key={u.id} value={u.id}>
                  {u.nombre}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-desde`}>Desde</Label>
          <Input
            id={`${ids}-desde`}
            type="date"
            value={filter.desde}
            onChange={(e) => set({ desde: e.target.value })}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-hasta`}>Hasta</Label>
          <Input
            id={`${ids}-hasta`}
            type="date"
            value={filter.hasta}
            min={filter.desde || undefined}
            onChange={(e) => set({ hasta: e.target.value })}
          />
        </div>
      </section>
      {filtered ? (
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => set({ paciente: '', usuario: '', desde: '', hasta: '' })}
          >
            <Filter aria-hidden="true" />
            Quitar filtros
          </Button>
        </div>
      ) : null}

      <ListTable
        query={list}
        loadingLabel="Cargando el registro"
        errorText={errorMessage(list.error, 'No se pudo cargar el registro de auditoría.')}
        isEmpty={(d) => d.registros.length === 0}
        empty={<EmptyState icon={ClipboardList} title={filtered ? AUDIT_MESSAGES.noMatch : AUDIT_MESSAGES.empty} />}
        stale={list.isPlaceholderData}
        label={AUDIT_MESSAGES.title}
      >
        {(data) => (
          <>
            <TableHeader>
              <TableRow>
                <TableHead>Fecha</TableHead>
                <TableHead className="hidden @2xl:table-cell">Miembro</TableHead>
                <TableHead>Acción</TableHead>
                <TableHead>Paciente</TableHead>
                <TableHead className="hidden @3xl:table-cell">Dirección</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.registros.map((r) => (
                <TableRow key={r.id}>
                  <TableCell className="whitespace-normal tabular-nums">
                    <span className="whitespace-nowrap">{formatDateTime(r.fecha)}</span>
                    {/* In a narrow table the member and the address go under the time. */}
                    <span className="block text-muted-foreground @2xl:hidden">{r.usuario.nombre}</span>
                    <span className="block font-mono text-xs text-muted-foreground @3xl:hidden">{r.direccion}</span>
                  </TableCell>
                  <TableCell className="hidden @2xl:table-cell">{r.usuario.nombre}</TableCell>
                  <TableCell className="whitespace-normal">
                    {AUDIT_ACTION_LABELS[r.accion] ?? r.accion}
                    {r.detalle && 'version' in r.detalle ? (
                      <span className="text-muted-foreground"> (versión {r.detalle.version})</span>
                    ) : null}
                  </TableCell>
                  <TableCell className="whitespace-normal">
                    {r.paciente ? (
                      filter.paciente === r.paciente.id ? (
                        r.paciente.nombre
                      ) : (
                        <button
                          type="button"
                          className="text-left hover:underline"
                          aria-label={`Filtrar por ${r.paciente.nombre}`}
                          onClick={() => r.paciente && set({ paciente: r.paciente.id })}
                        >
                          {r.paciente.nombre}
                        </button>
                      )
                    ) : (
                      <span className="text-muted-foreground">—</span>
                    )}
                  </TableCell>
                  <TableCell className="hidden font-mono text-xs @3xl:table-cell">{r.direccion}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </>
        )}
      </ListTable>

      {data ? (
        <Pagination
          page={data.pagina}
          pageSize={data.porPagina ?? AUDIT_PAGE_SIZE}
          total={data.total}
          onPageChange={(p) => set({ pagina: p })}
        />
      ) : null}
    </div>
  );
}
