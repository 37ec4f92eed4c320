import { CATALOG_MESSAGES, MOTIVO_MOVIMIENTO_LABELS, type StockMovement } from '@odontia/shared';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { useClinicDateTime } from '@/lib/use-clinic-today';
import { formatQuantity } from '../lib/display';

/** The item's last stock movements, newest first: when, how much (+/-), why, who, and the stock it left. */
export function StockMovements({
  movements,
  unidadMedida,
  linkOrders = false,
}: {
  movements: StockMovement[];
  unidadMedida: string | null;
  /** A received purchase links to its order (for whoever may see the clinic's orders). */
  linkOrders?: boolean;
}) {
  const formatDateTime = useClinicDateTime();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{CATALOG_MESSAGES.movementsTitle}</h2>
        </CardTitle>
        <CardDescription>Cada cambio del stock queda registrado con su motivo y su autor.</CardDescription>
      </CardHeader>
      <CardContent>
        {movements.length === 0 ? (
          <p className="text-sm text-muted-foreground">{CATALOG_MESSAGES.noMovements}</p>
        ) : (
          <Table aria-label={CATALOG_MESSAGES.movementsTitle}>
            <TableHeader>
              <TableRow>
                <TableHead>Fecha</TableHead>
                <TableHead className="text-right">Cantidad</TableHead>
                <TableHead>Motivo</TableHead>
                <TableHead>Autor</TableHead>
                <TableHead className="text-right">Stock resultante</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {movements.map((m) => (
                <TableRow key={m.id}>
                  <TableCell className="tabular-nums">{formatDateTime(m.fechaCreacion)}</TableCell>
                  {/* The sign says it, not only the colour. */}
                  <TableCell
                    className={cn(
                      'text-right font-medium tabular-nums',
                      m.cantidad > 0 ? 'text-success' : 'text-destructive',
                    )}
                  >
                    {formatQuantity(m.cantidad)}
                  </TableCell>
                  <TableCell>
                    {/* A received purchase names its order, which says where each line went. */}
                    {linkOrders && m.motivo === 'compra_recibida' && m.referencia ? (
                      <Link className="underline underline-offset-4" to={`/compras/pedidos/${m.referencia}`}>
                        {MOTIVO_MOVIMIENTO_LABELS[m.motivo]}
                      </Link>
                    ) : (
                      MOTIVO_MOVIMIENTO_LABELS[m.motivo]
                    )}
                    {/* A treatment done without enough stock says what it lacked. */}
                    {m.faltante > 0 ? (
                      <span className="block text-xs text-destructive">Faltaron {m.faltante}</span>
                    ) : null}
                  </TableCell>
                  <TableCell className={m.autor ? undefined : 'text-muted-foreground'}>
                    {m.autor?.nombres ?? 'Sistema'}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {m.stockResultante}
                    {unidadMedida ? ` ${unidadMedida}` : ''}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
