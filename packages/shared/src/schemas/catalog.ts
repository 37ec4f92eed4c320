import { z } from 'zod';
import { CURRENCIES, parseMoney, type CurrencyCode } from '../money.ts';
import { optionalText, pageNumber, requiredText, searchText } from './fields.ts';

/**
 * The catalogue of products, services and supplies (spec 001 §2 Catalogue list, New item, Edit item;
 * §3 productos; §4 activo; §5 Item; §8 Items; §9; DESIGN §1: a clinic's catalogue is private to it,
 * and 0 is stored as 0). The contract between `/api/productos` and the catalogue screens, and the
 * stock movements the store (issue 14) also writes.
 */
export const CATALOG_MESSAGES = {
  // Spec 001 §5 (Item).
  nombreRequired: 'El nombre es obligatorio',
  // Spec 001 §8 (Items).
  clinicNotFound: 'No se pudo obtener la clínica asociada a tu usuario',
  createError: 'Error al crear el ítem',
  saveFallback: 'Ocurrió un problema al guardar la información',
  loadError: 'Error al cargar el ítem',
  updateError: 'Error al actualizar el ítem',
  deleteError: 'Error al eliminar el ítem',
  listError: 'Error al cargar productos',
  created: 'Ítem creado correctamente',
  updated: 'Ítem actualizado correctamente',
  deleted: 'Ítem eliminado',
  // Spec 001 §2 (Catalogue list) and §9.
  title: 'Productos, Servicios e Insumos',
  searchPlaceholder: 'Buscar producto, servicio o insumo...',
  tableTitle: 'Inventario',
  newItem: 'Nuevo item',
  newItemTitle: 'Nuevo Ítem',
  editItemTitle: 'Editar Ítem',
  found: (n: number) => `${n} items encontrados`,
  showing: (shown: number, total: number) => `Mostrando ${shown} de ${total} items`,
  refresh: 'Actualizar',
  empty: 'No se encontraron items.',
  createOne: 'Crear uno nuevo',
  notApplicable: 'N/A',
  stockNotRecorded: 'No registrado',
  activo: 'Activo',
  inactivo: 'Inactivo',
  confirmTitle: '¿Estás seguro?',
  saveChanges: 'Guardar cambios',
  // The spec does not state these; ours, in the same voice.
  notFound: 'El ítem solicitado no existe o no tienes acceso',
  categoriaInvalid: 'Selecciona una categoría válida',
  numberInvalid: 'Introduce un número válido',
  /** The API takes amounts in the currency's smallest unit (cents of a euro, pesos). */
  precioDecimals: 'El precio va en la unidad mínima de la moneda (céntimos o pesos), sin decimales',
  precioTooManyDecimals: (unidad: string, decimales: number) =>
    decimales ? `El precio admite como mucho ${decimales} decimales` : `El precio va en ${unidad}, sin decimales`,
  precioNegative: 'El precio no puede ser negativo',
  precioTooLarge: 'El precio es demasiado alto',
  stockDecimals: 'La cantidad debe ser un número entero',
  stockNegative: 'El stock no puede ser negativo',
  stockTooLarge: 'La cantidad es demasiado alta',
  codigoDuplicate: 'Ya existe un ítem con este código en la clínica',
  /** A stock change that would leave fewer than zero units (two people adjusting at once). */
  stockInsufficient: 'No hay stock suficiente para este movimiento',
  lowStockTitle: 'Stock bajo',
  shortfallTitle: 'Tratamiento hecho sin material suficiente',
  shortfallMessage: (servicio: string, faltas: readonly { nombre: string; faltante: number }[]) =>
    `${servicio}: faltaron ${faltas.map((f) => `${f.faltante} × ${f.nombre}`).join(', ')}. Repón el stock.`,
  lowStockMessage: (nombre: string, stock: number, minimo: number) =>
    `«${nombre}» tiene ${stock} ${stock === 1 ? 'unidad' : 'unidades'} en stock (mínimo ${minimo})`,
  /** The store product an item receives (issue 21). */
  receivesFrom: 'Recibe las entregas de la tienda:',
  movementsTitle: 'Últimos movimientos de stock',
  noMovements: 'Sin movimientos de stock',
  imageHint: 'Formato PNG o JPG, máx. 2MB',
  // Issue 23: taxes and what a service is.
  tipoImpuestoInvalid: 'Elige un tipo de impuesto de los de tu país',
  duracionInvalid: 'La duración va en minutos, entre 5 y 720',
  cupsInvalid: 'El código CUPS tiene 6 dígitos',
  kitTooLong: `Un kit tiene como mucho 50 insumos`,
  kitRepeated: 'Cada insumo va una sola vez en el kit',
  kitCantidadInvalid: 'La cantidad de un insumo del kit va de 1 a 1000',
  kitInsumoInvalid: 'El kit solo lleva insumos de tu inventario',
  kitTitle: 'Kit de insumos',
  kitHint: 'Lo que se descuenta del stock cada vez que se realiza el servicio.',
  // Issue 24: services patients may book from the clinic's public profile.
  reservableOnline: 'Reservable online',
  reservableOnlineHint: 'Los pacientes pueden reservarlo desde el perfil público, con su duración',
  reservableSinDuracion: 'Indica la duración para poder reservarlo online',
  reservableSoloServicio: 'Solo un servicio se puede reservar online',
} as const;

export const CATEGORIAS_ITEM = ['producto', 'servicio', 'insumo'] as const;
export type ItemCategory = (typeof CATEGORIAS_ITEM)[number];
export const CATEGORIA_ITEM_LABELS: Record<ItemCategory, string> = {
  producto: 'Producto',
  servicio: 'Servicio',
  insumo: 'Insumo',
};
/** Spec 001 §9: badge variants of the categories. */
export const CATEGORIA_ITEM_BADGES: Record<ItemCategory, 'info' | 'success' | 'warning'> = {
  producto: 'info',
  servicio: 'success',
  insumo: 'warning',
};
/** The list's tabs: Todos plus one per category. */
export const CATALOG_TABS = ['todos', ...CATEGORIAS_ITEM] as const;
export type CatalogTab = (typeof CATALOG_TABS)[number];
export const CATALOG_TAB_LABELS: Record<CatalogTab, string> = {
  todos: 'Todos',
  producto: 'Productos',
  servicio: 'Servicios',
  insumo: 'Insumos',
};
/** Spec 001 §3: hints of unidad_medida (free text). */
export const UNIDAD_MEDIDA_HINTS = ['unidad', 'caja', 'kg'] as const;

/** Whether a category counts stock (spec 001 §5: stock fields are hidden for servicio). */
export const hasStock = (categoria: ItemCategory) => categoria !== 'servicio';

/**
 * Why stock changed. `ajuste` is a change made on the item form; `compra_recibida` is stock the
 * store adds to the buyer's catalogue; `venta` is what the store takes from a supplier's at checkout;
 * `consumo` is stock used in the clinic.
 */
export const MOTIVOS_MOVIMIENTO = ['ajuste', 'compra_recibida', 'venta', 'consumo'] as const;
export type MovementReason = (typeof MOTIVOS_MOVIMIENTO)[number];
export const MOTIVO_MOVIMIENTO_LABELS: Record<MovementReason, string> = {
  ajuste: 'Ajuste manual',
  compra_recibida: 'Compra recibida',
  venta: 'Venta',
  consumo: 'Consumo',
};

/** The spec has no page size; a page keeps a list of thousands fast (server-side filtering). */
export const CATALOG_PAGE_SIZE = 50;
export const CATALOG_SEARCH_MAX = 100;
/** Movements shown on the item page. */
export const CATALOG_MOVEMENTS_SHOWN = 20;
/** A price or a quantity above this is a typo (a thousand million pesos; a thousand million units). */
export const CATALOG_NUMBER_MAX = 1_000_000_000;

const NOMBRE_MAX = 200;
const DESCRIPCION_MAX = 2000;
const CODIGO_MAX = 50;
const UNIDAD_MAX = 30;

/** '15.000' and '1.250.000' as typed in Colombia (es-CO groups thousands with dots). */
const GROUPED_THOUSANDS = /^\d{1,3}([.,]\d{3})+$/;

/** A form value as a number: '', null and NaN (an empty number input) are null, 0 stays 0; text that is not a number fails. */
function toNumberOrNull(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  const text = value.replace(/\s+/g, '');
  if (!text) return null;
  return Number(GROUPED_THOUSANDS.test(text) ? text.replace(/[.,]/g, '') : text.replace(',', '.'));
}

/**
 * An optional whole number of at least 0 (spec 001 §5: numeric fields coerced, empty optionals null;
 * DESIGN §1: 0 is stored as 0). The form may send a number or the input's text.
 */
const optionalWholeNumber = (messages: { decimals: string; negative: string; tooLarge: string }) =>
  z
    .union([z.number(), z.nan(), z.string(), z.null()], { error: CATALOG_MESSAGES.numberInvalid })
    .optional()
    .transform(toNumberOrNull)
    .pipe(
      z
        .number({ error: CATALOG_MESSAGES.numberInvalid })
        .int(messages.decimals)
        .min(0, messages.negative)
        .max(CATALOG_NUMBER_MAX, messages.tooLarge)
        .nullable(),
    );

const price = () =>
  optionalWholeNumber({
    decimals: CATALOG_MESSAGES.precioDecimals,
    negative: CATALOG_MESSAGES.precioNegative,
    tooLarge: CATALOG_MESSAGES.precioTooLarge,
  });
const quantity = () =>
  optionalWholeNumber({
    decimals: CATALOG_MESSAGES.stockDecimals,
    negative: CATALOG_MESSAGES.stockNegative,
    tooLarge: CATALOG_MESSAGES.stockTooLarge,
  });

/** A service's usual length, in minutes (the agenda's default length for it). */
export const SERVICE_DURATION_MIN = 5;
export const SERVICE_DURATION_MAX = 720;
export const KIT_MAX_LINES = 50;
export const KIT_QUANTITY_MAX = 1000;

/** One supply of a service's kit: the clinic's insumo and how many units one service consumes. */
export const kitLineSchema = z.object({
  insumoId: z.uuid({ error: CATALOG_MESSAGES.kitInsumoInvalid }),
  cantidad: z
    .number({ error: CATALOG_MESSAGES.kitCantidadInvalid })
    .int(CATALOG_MESSAGES.kitCantidadInvalid)
    .min(1, CATALOG_MESSAGES.kitCantidadInvalid)
    .max(KIT_QUANTITY_MAX, CATALOG_MESSAGES.kitCantidadInvalid),
});
export type KitLineData = z.output<typeof kitLineSchema>;

const kit = z
  .array(kitLineSchema, { error: CATALOG_MESSAGES.kitInsumoInvalid })
  .max(KIT_MAX_LINES, CATALOG_MESSAGES.kitTooLong)
  .refine((lines) => new Set(lines.map((l) => l.insumoId)).size === lines.length, CATALOG_MESSAGES.kitRepeated)
  .default([]);

const itemFields = {
  nombre: requiredText(CATALOG_MESSAGES.nombreRequired, NOMBRE_MAX),
  descripcion: optionalText(DESCRIPCION_MAX, { multiline: true }),
  categoria: z.enum(CATEGORIAS_ITEM, { error: CATALOG_MESSAGES.categoriaInvalid }),
  codigo: optionalText(CODIGO_MAX),
  precioCompra: price(),
  precioVenta: price(),
  stockActual: quantity(),
  stockMinimo: quantity(),
  unidadMedida: optionalText(UNIDAD_MAX),
  /** One of the clinic's country's tax types (`TaxType.codigo`); left out, its country's default for the kind. */
  tipoImpuesto: z
    .string({ error: CATALOG_MESSAGES.tipoImpuestoInvalid })
    .max(30, CATALOG_MESSAGES.tipoImpuestoInvalid)
    .nullish()
    .transform((v) => v || null),
  // A service's own fields (dropped for the other kinds).
  estetico: z.boolean({ error: 'Indica si el servicio es estético' }).default(false),
  duracionMinutos: z
    .union([z.number(), z.nan(), z.string(), z.null()], { error: CATALOG_MESSAGES.duracionInvalid })
    .optional()
    .transform(toNumberOrNull)
    .pipe(
      z
        .number({ error: CATALOG_MESSAGES.duracionInvalid })
        .int(CATALOG_MESSAGES.duracionInvalid)
        .min(SERVICE_DURATION_MIN, CATALOG_MESSAGES.duracionInvalid)
        .max(SERVICE_DURATION_MAX, CATALOG_MESSAGES.duracionInvalid)
        .nullable(),
    ),
  codigoCups: optionalText(20)
    .transform((v) => (v ? v.replace(/[\s.]/g, '') : null))
    .refine((v) => v === null || /^\d{6}$/.test(v), CATALOG_MESSAGES.cupsInvalid),
  kit,
  /** Bookable from the public profile (issue 24): a service with a duration, which is the slot's length. */
  reservableOnline: z.boolean({ error: 'Indica si el servicio se puede reservar online' }).default(false),
};

type BookableFields = { categoria: ItemCategory; duracionMinutos: number | null; reservableOnline: boolean };

/**
 * A service bookable online needs its duration (the length of the slot offered). The API also refuses
 * the flag on another kind (`strictKind`): the form hides it there, and its value is dropped instead.
 */
const bookableRule =
  ({ strictKind }: { strictKind: boolean }) =>
  (v: BookableFields, ctx: z.RefinementCtx) => {
    if (!v.reservableOnline) return;
    if (v.categoria !== 'servicio') {
      if (strictKind) {
        ctx.addIssue({ code: 'custom', path: ['reservableOnline'], message: CATALOG_MESSAGES.reservableSoloServicio });
      }
    } else if (v.duracionMinutos === null) {
      ctx.addIssue({ code: 'custom', path: ['duracionMinutos'], message: CATALOG_MESSAGES.reservableSinDuracion });
    }
  };

/**
 * A service counts no stock (its stock fields are dropped, stored as null); the service's own fields
 * (aesthetic, length, CUPS, kit, bookable online) are dropped for the other kinds.
 */
const byKind = <
  T extends {
    categoria: ItemCategory;
    stockActual: number | null;
    stockMinimo: number | null;
    estetico: boolean;
    duracionMinutos: number | null;
    codigoCups: string | null;
    kit: KitLineData[];
    reservableOnline: boolean;
  },
>(
  v: T,
): T =>
  hasStock(v.categoria)
    ? { ...v, estetico: false, duracionMinutos: null, codigoCups: null, kit: [], reservableOnline: false }
    : { ...v, stockActual: null, stockMinimo: null };

/** New item (the image is uploaded after the item is saved, like a patient's photo). */
export const createItemSchema = z
  .object(itemFields)
  .superRefine(bookableRule({ strictKind: true }))
  .transform(byKind);
/** Edit item: every field again plus activo (spec 001 §2). A stock_actual change is recorded as an 'ajuste' movement. */
export const updateItemSchema = z
  .object({ ...itemFields, activo: z.boolean({ error: 'Indica si el ítem está activo' }).default(true) })
  .superRefine(bookableRule({ strictKind: true }))
  .transform(byKind);

/**
 * The item form of a clinic of `moneda`: the API's schema, with the prices read as people type them in
 * that currency ('12,50' €, '15.000' pesos) and turned into its smallest unit, as the API takes them.
 */
export function itemFormSchema(moneda: CurrencyCode) {
  const money = z
    .union([z.string(), z.number(), z.null()], { error: CATALOG_MESSAGES.numberInvalid })
    .optional()
    .transform((value, ctx) => {
      if (value === null || value === undefined) return null;
      const parsed = parseMoney(String(value), moneda);
      if (parsed.ok) return parsed.value;
      const { unidad, decimales } = CURRENCIES[moneda];
      ctx.addIssue({
        code: 'custom',
        message:
          parsed.reason === 'decimals'
            ? CATALOG_MESSAGES.precioTooManyDecimals(unidad, decimales)
            : CATALOG_MESSAGES.numberInvalid,
      });
      return z.NEVER;
    })
    .pipe(z.number().max(CATALOG_NUMBER_MAX, CATALOG_MESSAGES.precioTooLarge).nullable());
  return z
    .object({
      ...itemFields,
      activo: z.boolean().default(true),
      precioCompra: money,
      precioVenta: money,
    })
    .superRefine(bookableRule({ strictKind: false }))
    .transform(byKind);
}
export type ItemFormInput = z.input<ReturnType<typeof itemFormSchema>>;

export type ItemData = z.output<typeof createItemSchema>;
export type UpdateItemInput = z.input<typeof updateItemSchema>;
export type UpdateItemData = z.output<typeof updateItemSchema>;

/** List query: the tab (anything unknown is Todos), the search term and the 1-based pagina. */
export const catalogListQuerySchema = z.object({
  categoria: z.enum(CATALOG_TABS).catch('todos').default('todos'),
  q: searchText(CATALOG_SEARCH_MAX),
  pagina: pageNumber,
});
export type CatalogListQuery = z.input<typeof catalogListQuerySchema>;

/**
 * A row of the list (`GET /api/productos`): the table's columns only (spec 001 §2: Nombre, Categoría,
 * Código, Precio de compra, Precio de venta, Stock, Estado). Prices are integer pesos; null is "N/A".
 */
export type CatalogItemRow = {
  id: string;
  nombre: string;
  categoria: ItemCategory;
  codigo: string | null;
  precioCompra: number | null;
  precioVenta: number | null;
  /** Null: "No registrado" (always null for servicio). */
  stockActual: number | null;
  unidadMedida: string | null;
  activo: boolean;
  /** stock_actual <= stock_minimo (both set): the low-stock mark. */
  bajoMinimo: boolean;
  /** A service's usual length (the agenda form's default length for it); null for the other kinds. */
  duracionMinutos: number | null;
};

/** How many low-stock items `GET /api/productos/stock-bajo` lists (the dashboard's card shows fewer). */
export const LOW_STOCK_LIST_SIZE = 20;

/** The clinic's active items at or under their minimum, by nombre: the first LOW_STOCK_LIST_SIZE and how many there are. */
export type LowStockList = { items: CatalogItemRow[]; total: number };

export type CatalogPage = {
  items: CatalogItemRow[];
  /** Items matching the tab and the search: "N items encontrados", the Y of "Mostrando X de Y items". */
  total: number;
  /** Every item of the clinic, whatever the filters. */
  totalClinica: number;
  pagina: number;
  porPagina: number;
};

export type StockMovement = {
  id: string;
  /** Positive: stock added; negative: stock taken. */
  cantidad: number;
  motivo: MovementReason;
  /** stock_actual right after this movement. */
  stockResultante: number;
  autor: { id: string; nombres: string } | null;
  /** The order (pedido) of a store movement, or the treatment of a consumption, when there is one. */
  referencia: string | null;
  /** A consumption's units the stock did not have. */
  faltante: number;
  fechaCreacion: string;
};

/** A line of a service's kit as the item page shows it. */
export type KitLine = { insumoId: string; nombre: string; unidadMedida: string | null; cantidad: number };

/** One item (`GET/POST/PUT /api/productos/:id`), with its last movements (newest first). */
export type CatalogItem = CatalogItemRow & {
  descripcion: string | null;
  /** One of the clinic's country's tax types (`TaxType.codigo`). */
  tipoImpuesto: string;
  estetico: boolean;
  codigoCups: string | null;
  /** A service patients may book from the public profile (issue 24); false for the other kinds. */
  reservableOnline: boolean;
  /** A service's supplies kit, by the supply's name. */
  kit: KitLine[];
  stockMinimo: number | null;
  imagenUrl: string | null;
  /**
   * The store product this item receives, and its supplier: the clinic chose (or created) this item
   * for it on its first delivery, and every later delivery of it comes here.
   */
  productoProveedor: { id: string; nombre: string; proveedor: string } | null;
  fechaCreacion: string;
  fechaActualizacion: string | null;
  movimientos: StockMovement[];
};
