import { defaultTaxType, parseCountry, type ItemCategory } from '@odontia/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { DEMO_CLINIC, DEMO_MADRID_CLINIC, DEMO_TEAM } from '../../seed/demo.ts';
import { kitsServicio, movimientosStock, productos } from '../../db/schema/index.ts';

type DemoItem = {
  nombre: string;
  categoria: ItemCategory;
  codigo: string;
  descripcion?: string;
  precioCompra?: number;
  precioVenta?: number;
  /** [stock now, minimum, units used in the last weeks] */
  stock?: [number, number, number];
  unidadMedida?: string;
  /** A service's usual length and whether it is aesthetic (it pays IVA in Spain). */
  duracionMinutos?: number;
  estetico?: boolean;
  /** A service's supplies kit: [the supply's código, units per service]. */
  kit?: [string, number][];
};

/** Pesos, whole (spec 001 §9). Four supplies are at or below their minimum. */
const DEMO_CATALOG: DemoItem[] = [
  {
    nombre: 'Consulta de valoración',
    categoria: 'servicio',
    codigo: 'SRV-001',
    duracionMinutos: 30,
    descripcion: 'Primera visita con diagnóstico y plan de tratamiento',
    precioVenta: 60000,
  },
  {
    nombre: 'Limpieza dental (profilaxis)',
    categoria: 'servicio',
    codigo: 'SRV-002',
    duracionMinutos: 45,
    kit: [
      ['INS-001', 2],
      ['INS-003', 1],
      ['INS-011', 1],
      ['INS-012', 1],
    ],
    descripcion: 'Detartraje y pulido',
    precioVenta: 120000,
  },
  {
    nombre: 'Blanqueamiento dental',
    categoria: 'servicio',
    codigo: 'SRV-003',
    duracionMinutos: 60,
    estetico: true,
    descripcion: 'Blanqueamiento en consultorio, una sesión',
    precioVenta: 650000,
  },
  {
    nombre: 'Obturación en resina',
    categoria: 'servicio',
    codigo: 'SRV-004',
    duracionMinutos: 45,
    kit: [
      ['INS-001', 2],
      ['INS-006', 1],
      ['INS-008', 1],
      ['INS-009', 1],
      ['INS-010', 2],
    ],
    descripcion: 'Restauración estética por superficie',
    precioVenta: 150000,
  },
  {
    nombre: 'Endodoncia unirradicular',
    categoria: 'servicio',
    codigo: 'SRV-005',
    duracionMinutos: 60,
    kit: [
      ['INS-001', 2],
      ['INS-004', 1],
      ['INS-005', 1],
      ['INS-013', 1],
      ['INS-014', 1],
    ],
    precioVenta: 450000,
  },
  {
    nombre: 'Endodoncia multirradicular',
    categoria: 'servicio',
    codigo: 'SRV-006',
    duracionMinutos: 90,
    precioVenta: 750000,
  },
  {
    nombre: 'Extracción simple',
    categoria: 'servicio',
    codigo: 'SRV-007',
    duracionMinutos: 30,
    kit: [
      ['INS-001', 2],
      ['INS-003', 1],
      ['INS-004', 1],
      ['INS-005', 1],
      ['INS-017', 2],
    ],
    precioVenta: 120000,
  },
  {
    nombre: 'Extracción de cordal',
    categoria: 'servicio',
    codigo: 'SRV-008',
    duracionMinutos: 60,
    descripcion: 'Tercer molar, incluye control',
    precioVenta: 350000,
  },
  {
    nombre: 'Corona en porcelana',
    categoria: 'servicio',
    codigo: 'SRV-009',
    duracionMinutos: 60,
    precioVenta: 1200000,
  },
  {
    nombre: 'Implante dental',
    categoria: 'servicio',
    codigo: 'SRV-010',
    duracionMinutos: 90,
    descripcion: 'Implante de titanio con pilar, sin corona',
    precioVenta: 3500000,
  },
  {
    nombre: 'Ortodoncia: control mensual',
    categoria: 'servicio',
    codigo: 'SRV-011',
    duracionMinutos: 20,
    precioVenta: 120000,
  },
  {
    nombre: 'Radiografía periapical',
    categoria: 'servicio',
    codigo: 'SRV-012',
    duracionMinutos: 10,
    precioVenta: 35000,
  },
  {
    nombre: 'Sellantes de fosas y fisuras',
    categoria: 'servicio',
    codigo: 'SRV-013',
    duracionMinutos: 20,
    descripcion: 'Por diente',
    precioVenta: 40000,
  },
  { nombre: 'Urgencia odontológica', categoria: 'servicio', codigo: 'SRV-014', duracionMinutos: 30 },

  {
    nombre: 'Cepillo dental suave',
    categoria: 'producto',
    codigo: 'PRD-001',
    precioCompra: 4500,
    precioVenta: 9000,
    stock: [48, 10, 12],
    unidadMedida: 'unidad',
  },
  {
    nombre: 'Cepillo interdental',
    categoria: 'producto',
    codigo: 'PRD-002',
    descripcion: 'Para ortodoncia y espacios amplios',
    precioCompra: 6000,
    precioVenta: 12000,
    stock: [30, 8, 6],
    unidadMedida: 'unidad',
  },
  {
    nombre: 'Seda dental 50 m',
    categoria: 'producto',
    codigo: 'PRD-003',
    precioCompra: 5500,
    precioVenta: 11000,
    stock: [40, 10, 8],
    unidadMedida: 'unidad',
  },
  {
    nombre: 'Enjuague bucal con flúor 500 ml',
    categoria: 'producto',
    codigo: 'PRD-004',
    precioCompra: 12000,
    precioVenta: 22000,
    stock: [18, 5, 4],
    unidadMedida: 'unidad',
  },
  {
    nombre: 'Crema dental desensibilizante',
    categoria: 'producto',
    codigo: 'PRD-005',
    precioCompra: 9500,
    precioVenta: 18500,
    stock: [25, 6, 5],
    unidadMedida: 'unidad',
  },
  {
    nombre: 'Kit de ortodoncia',
    categoria: 'producto',
    codigo: 'PRD-006',
    descripcion: 'Cepillo, interdental, cera y espejo',
    precioCompra: 15000,
    precioVenta: 32000,
    stock: [12, 4, 3],
    unidadMedida: 'unidad',
  },
  {
    nombre: 'Protector bucal deportivo',
    categoria: 'producto',
    codigo: 'PRD-007',
    precioCompra: 18000,
    precioVenta: 45000,
    stock: [6, 2, 1],
    unidadMedida: 'unidad',
  },
  {
    nombre: 'Cera de ortodoncia',
    categoria: 'producto',
    codigo: 'PRD-008',
    precioCompra: 2500,
    precioVenta: 6000,
    stock: [35, 10, 10],
    unidadMedida: 'unidad',
  },
  {
    nombre: 'Cepillo eléctrico recargable',
    categoria: 'producto',
    codigo: 'PRD-009',
    precioCompra: 95000,
    precioVenta: 189000,
    stock: [4, 2, 1],
    unidadMedida: 'unidad',
  },
  {
    nombre: 'Irrigador bucal',
    categoria: 'producto',
    codigo: 'PRD-010',
    precioCompra: 120000,
    precioVenta: 229000,
    unidadMedida: 'unidad',
  },

  {
    nombre: 'Guantes de nitrilo talla M',
    categoria: 'insumo',
    codigo: 'INS-001',
    descripcion: 'Caja x100, sin polvo',
    precioCompra: 28000,
    stock: [14, 5, 9],
    unidadMedida: 'caja',
  },
  {
    nombre: 'Guantes de nitrilo talla S',
    categoria: 'insumo',
    codigo: 'INS-002',
    descripcion: 'Caja x100, sin polvo',
    precioCompra: 28000,
    stock: [2, 4, 6],
    unidadMedida: 'caja',
  },
  {
    nombre: 'Mascarillas quirúrgicas',
    categoria: 'insumo',
    codigo: 'INS-003',
    descripcion: 'Caja x50, tres capas',
    precioCompra: 15000,
    stock: [11, 4, 5],
    unidadMedida: 'caja',
  },
  {
    nombre: 'Anestesia lidocaína 2% con epinefrina',
    categoria: 'insumo',
    codigo: 'INS-004',
    descripcion: 'Caja x50 cartuchos de 1,8 ml',
    precioCompra: 145000,
    stock: [3, 5, 4],
    unidadMedida: 'caja',
  },
  {
    nombre: 'Agujas dentales cortas 30G',
    categoria: 'insumo',
    codigo: 'INS-005',
    descripcion: 'Caja x100',
    precioCompra: 38000,
    stock: [6, 2, 2],
    unidadMedida: 'caja',
  },
  {
    nombre: 'Resina compuesta A2',
    categoria: 'insumo',
    codigo: 'INS-006',
    descripcion: 'Jeringa de 4 g',
    precioCompra: 85000,
    stock: [7, 3, 3],
    unidadMedida: 'unidad',
  },
  {
    nombre: 'Resina compuesta A3',
    categoria: 'insumo',
    codigo: 'INS-007',
    descripcion: 'Jeringa de 4 g',
    precioCompra: 85000,
    stock: [1, 2, 3],
    unidadMedida: 'unidad',
  },
  {
    nombre: 'Ácido grabador 37%',
    categoria: 'insumo',
    codigo: 'INS-008',
    precioCompra: 22000,
    stock: [5, 2, 1],
    unidadMedida: 'unidad',
  },
  {
    nombre: 'Adhesivo dental monocomponente',
    categoria: 'insumo',
    codigo: 'INS-009',
    precioCompra: 165000,
    stock: [3, 1, 1],
    unidadMedida: 'unidad',
  },
  {
    nombre: 'Algodón en rollos',
    categoria: 'insumo',
    codigo: 'INS-010',
    descripcion: 'Bolsa x500',
    precioCompra: 12000,
    stock: [9, 3, 4],
    unidadMedida: 'unidad',
  },
  {
    nombre: 'Eyectores de saliva',
    categoria: 'insumo',
    codigo: 'INS-011',
    descripcion: 'Bolsa x100',
    precioCompra: 9000,
    stock: [0, 2, 5],
    unidadMedida: 'unidad',
  },
  {
    nombre: 'Baberos desechables',
    categoria: 'insumo',
    codigo: 'INS-012',
    descripcion: 'Paquete x125',
    precioCompra: 24000,
    stock: [8, 3, 3],
    unidadMedida: 'unidad',
  },
  {
    nombre: 'Hipoclorito de sodio 5,25%',
    categoria: 'insumo',
    codigo: 'INS-013',
    descripcion: 'Frasco de 1 L, para irrigación',
    precioCompra: 14000,
    stock: [4, 2, 2],
    unidadMedida: 'unidad',
  },
  {
    nombre: 'Limas K 25 mm',
    categoria: 'insumo',
    codigo: 'INS-014',
    descripcion: 'Caja x6, surtidas 15-40',
    precioCompra: 32000,
    stock: [10, 4, 3],
    unidadMedida: 'caja',
  },
  {
    nombre: 'Ionómero de vidrio',
    categoria: 'insumo',
    codigo: 'INS-015',
    precioCompra: 98000,
    stock: [2, 1, 0],
    unidadMedida: 'unidad',
  },
  {
    nombre: 'Alginato para impresiones',
    categoria: 'insumo',
    codigo: 'INS-016',
    descripcion: 'Fraguado rápido',
    precioCompra: 42000,
    stock: [3, 1, 1],
    unidadMedida: 'kg',
  },
  {
    nombre: 'Gasas estériles',
    categoria: 'insumo',
    codigo: 'INS-017',
    descripcion: 'Paquete x100',
    precioCompra: 11000,
    stock: [0, 0, 0],
    unidadMedida: 'unidad',
  },
];

/**
 * The Madrid demo clinic's catalogue, in cents of a euro: dental care (exempt from IVA), aesthetic
 * treatments and goods (21 %), as Spain's tax rules give them.
 */
const MADRID_CATALOG: DemoItem[] = [
  {
    nombre: 'Primera visita y diagnóstico',
    categoria: 'servicio',
    codigo: 'S-01',
    precioVenta: 4000,
    duracionMinutos: 30,
  },
  { nombre: 'Limpieza bucal', categoria: 'servicio', codigo: 'S-02', precioVenta: 5500, duracionMinutos: 45 },
  { nombre: 'Empaste de composite', categoria: 'servicio', codigo: 'S-03', precioVenta: 6000, duracionMinutos: 45 },
  { nombre: 'Endodoncia molar', categoria: 'servicio', codigo: 'S-04', precioVenta: 26000, duracionMinutos: 90 },
  {
    nombre: 'Blanqueamiento en clínica',
    categoria: 'servicio',
    codigo: 'S-05',
    precioVenta: 25000,
    duracionMinutos: 60,
    estetico: true,
  },
  {
    nombre: 'Carilla estética de composite',
    categoria: 'servicio',
    codigo: 'S-06',
    descripcion: 'Por diente',
    precioVenta: 18000,
    duracionMinutos: 60,
    estetico: true,
  },
  {
    nombre: 'Colutorio con clorhexidina 500 ml',
    categoria: 'producto',
    codigo: 'P-01',
    precioVenta: 895,
    stock: [24, 6, 6],
    unidadMedida: 'unidad',
  },
  {
    nombre: 'Cepillo interdental (pack de 6)',
    categoria: 'producto',
    codigo: 'P-02',
    precioVenta: 650,
    stock: [30, 10, 4],
    unidadMedida: 'unidad',
  },
  {
    nombre: 'Guantes de nitrilo (caja de 100)',
    categoria: 'insumo',
    codigo: 'I-01',
    precioCompra: 790,
    stock: [12, 4, 3],
    unidadMedida: 'caja',
  },
];

const DAY_MS = 86_400_000;
const ASSISTANT_ID = DEMO_TEAM.members[1].id;

/** The demo clinic's catalogue (pesos); its services' kits use its supplies. */
export const seedDemoCatalog = (tx: Executor) =>
  seedCatalog(tx, DEMO_CLINIC, DEMO_CATALOG, { owner: DEMO_CLINIC.owner.id, assistant: ASSISTANT_ID });

/** The Madrid demo clinic's catalogue (euros): its owner counted and used the stock. */
export const seedDemoMadridCatalog = (tx: Executor) =>
  seedCatalog(tx, DEMO_MADRID_CLINIC, MADRID_CATALOG, {
    owner: DEMO_MADRID_CLINIC.owner.id,
    assistant: DEMO_MADRID_CLINIC.owner.id,
  });

/**
 * A demo clinic's catalogue: services with prices, lengths and kits, products for sale and supplies
 * with stock, a few at or below their minimum, each with its country's default tax for its kind. Each
 * stock has its movements (the initial count two months ago, then what was used), so they add up to
 * it like a real one. A clinic with items is left as it is.
 */
async function seedCatalog(
  tx: Executor,
  clinic: { id: string; pais: string },
  catalog: DemoItem[],
  authors: { owner: string; assistant: string },
): Promise<void> {
  const [existing] = await tx
    .select({ id: productos.id })
    .from(productos)
    .where(eq(productos.clinicaId, clinic.id))
    .limit(1);
  if (existing) return;
  const place = { pais: parseCountry(clinic.pais) };
  const rows = await tx
    .insert(productos)
    .values(
      catalog.map((item) => ({
        clinicaId: clinic.id,
        nombre: item.nombre,
        categoria: item.categoria,
        codigo: item.codigo,
        descripcion: item.descripcion ?? null,
        precioCompra: item.precioCompra ?? null,
        precioVenta: item.precioVenta ?? null,
        stockActual: item.stock?.[0] ?? null,
        stockMinimo: item.stock?.[1] ?? null,
        unidadMedida: item.unidadMedida ?? null,
        duracionMinutos: item.duracionMinutos ?? null,
        estetico: item.estetico ?? false,
        tipoImpuesto: defaultTaxType(place, item.estetico ? 'servicioEstetico' : item.categoria),
      })),
    )
    .returning({ id: productos.id, codigo: productos.codigo });
  const idOf = new Map(rows.map((r) => [r.codigo, r.id]));
  const kits = catalog.flatMap((item) =>
    (item.kit ?? []).map(([codigo, cantidad]) => ({
      servicioId: idOf.get(item.codigo)!,
      insumoId: idOf.get(codigo)!,
      cantidad,
    })),
  );
  if (kits.length) await tx.insert(kitsServicio).values(kits);
  const now = Date.now();
  const movements = catalog.flatMap((item, i) => {
    if (!item.stock) return [];
    const [stock, , used] = item.stock;
    const productoId = idOf.get(item.codigo)!;
    const common = { productoId, clinicaId: clinic.id };
    const counted = stock + used;
    return [
      ...(counted > 0
        ? [
            {
              ...common,
              cantidad: counted,
              motivo: 'ajuste',
              stockResultante: counted,
              autorId: authors.owner,
              fechaCreacion: new Date(now - 60 * DAY_MS),
            },
          ]
        : []),
      ...(used > 0
        ? [
            {
              ...common,
              cantidad: -used,
              motivo: 'consumo',
              stockResultante: stock,
              autorId: authors.assistant,
              fechaCreacion: new Date(now - (3 + (i % 20)) * DAY_MS),
            },
          ]
        : []),
    ];
  });
  await tx.insert(movimientosStock).values(movements);
}
