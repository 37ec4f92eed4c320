import { STORE_MESSAGES, type Order, type ReceiptLine, type ReceiptOption } from '@odontia/shared';
import { PackageCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useReceiptPlan, useReceiveOrder } from '../api/orders';
import { Loading } from './loading';

/** The select's value for 'Crear un ítem nuevo' (item ids are UUIDs, never this). */
const NEW_ITEM = 'nuevo';

const optionLabel = (item: { nombre: string; codigo: string | null }) =>
  item.codigo ? `${item.nombre} (${item.codigo})` : item.nombre;

/** Where one line goes: fixed when its product is linked, otherwise the clinic's choice. */
function LineChoice({
  line,
  value,
  options,
  taken,
  error,
  onChange,
}: {
  line: ReceiptLine;
  value: string;
  options: ReceiptOption[];
  /** Items other lines go into: one item receives one product. */
  taken: ReadonlySet<string>;
  error?: string;
  onChange: (value: string) => void;
}) {
  const units = `${line.cantidad} ${line.cantidad === 1 ? 'unidad' : 'unidades'}`;
  if (line.destino?.por === 'vinculo') {
    return (
      <li className="flex flex-col gap-1 py-3">
        <p className="font-medium">
          {line.nombre} <span className="font-normal text-muted-foreground">· {units}</span>
        </p>
        <p className="text-sm text-muted-foreground">{STORE_MESSAGES.receiveLinked(line.destino.nombre)}</p>
      </li>
    );
  }
  const suggested = line.destino;
  const others = options.filter((o) => o.id !== suggested?.id);
  return (
    <li className="py-3">
      <FormField
        label={
          <>
            {STORE_MESSAGES.receiveLineLabel(line.nombre)}{' '}
            <span className="font-normal text-muted-foreground">· {units}</span>
          </>
        }
        error={error}
      >
        {(control) => (
          <Select value={value} onValueChange={onChange}>
            <SelectTrigger {...control} className="w-full sm:max-w-md">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NEW_ITEM}>{STORE_MESSAGES.receiveNewItem}</SelectItem>
              {suggested ? (
                <SelectGroup>
                  <SelectLabel>{STORE_MESSAGES.receiveSuggested}</SelectLabel>
                  <SelectItem value={suggested.id} disabled={taken.has(suggested.id)}>
                    {optionLabel(suggested)} · {STORE_MESSAGES.receiveMatch[suggested.por]}
                  </SelectItem>
                </SelectGroup>
              ) : null}
              {others.length > 0 ? (
                <SelectGroup>
                  <SelectLabel>{STORE_MESSAGES.receiveOtherItems}</SelectLabel>
                  {others.map((o) => (
                    <SelectItem key={o.id} value={o.id} disabled={taken.has(o.id)}>
                      {optionLabel(o)}
                    </SelectItem>
                  ))}
                </SelectGroup>
              ) : null}
            </SelectContent>
          </Select>
        )}
      </FormField>
    </li>
  );
}

/**
 * 'Recibir en el inventario', on a delivered order not yet received: each line goes into an item of
 * the clinic's inventory (the linked one, fixed; otherwise the proposed one, another, or a new
 * item), as stock movements by whoever receives it. After it, the order says where each line went.
 */
export function ReceiveOrder({ order }: { order: Order }) {
  const plan = useReceiptPlan(order.id);
  const receive = useReceiveOrder();
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  const lines = plan.data?.lineas ?? [];
  const valueOf = (line: ReceiptLine) => choices[line.detalleId] ?? line.destino?.id ?? NEW_ITEM;

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    try {
      await receive.mutateAsync({
        id: order.id,
        input: {
          lineas: lines.map((line) => {
            const value = valueOf(line);
            return { detalleId: line.detalleId, productoId: value === NEW_ITEM ? null : value };
          }),
        },
      });
      toast.success(STORE_MESSAGES.receivedTitle, STORE_MESSAGES.receivedMessage);
    } catch (error) {
      // Per line: the server names the field of the line's position in what was sent.
      const byLine = Object.fromEntries(
        Object.entries((error instanceof ApiError && error.fields) || {}).flatMap(([field, message]) => {
          const index = /^lineas\.(\d+)\.productoId$/.exec(field)?.[1];
          const line = index === undefined ? undefined : lines[Number(index)];
          return line ? [[line.detalleId, message]] : [];
        }),
      );
      if (Object.keys(byLine).length > 0) {
        setErrors(byLine);
        return;
      }
      toast.error(STORE_MESSAGES.receiveError, errorMessage(error, STORE_MESSAGES.receiveError));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <PackageCheck className="size-5" aria-hidden="true" />
            {STORE_MESSAGES.receiveTitle}
          </h2>
        </CardTitle>
        <CardDescription>{STORE_MESSAGES.receiveHint}</CardDescription>
      </CardHeader>
      <CardContent>
        {plan.isPending ? (
          <Loading label="Cargando tu inventario" />
        ) : plan.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
            {errorMessage(plan.error, STORE_MESSAGES.receiveLoadError)}
            <Button type="button" variant="outline" size="sm" onClick={() => void plan.refetch()}>
              Reintentar
            </Button>
          </div>
        ) : (
          <form onSubmit={(e) => void submit(e)} aria-label={STORE_MESSAGES.receiveTitle} noValidate>
            <fieldset disabled={receive.isPending}>
              <ul className="divide-y">
                {lines.map((line) => (
                  <LineChoice
                    key={line.detalleId}
                    line={line}
                    value={valueOf(line)}
                    options={plan.data.opciones}
                    taken={
                      new Set(
                        lines
                          .filter((other) => other.detalleId !== line.detalleId)
                          .map(valueOf)
                          .filter((v) => v !== NEW_ITEM),
                      )
                    }
                    error={errors[line.detalleId]}
                    onChange={(value) => {
                      setChoices((current) => ({ ...current, [line.detalleId]: value }));
                      setErrors(({ [line.detalleId]: _cleared, ...rest }) => rest);
                    }}
                  />
                ))}
              </ul>
              <SubmitButton pending={receive.isPending} pendingLabel={STORE_MESSAGES.processing} className="mt-4">
                {STORE_MESSAGES.receiveSubmit}
              </SubmitButton>
            </fieldset>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
