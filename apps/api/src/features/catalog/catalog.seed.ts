import type { ItemCategory } from '@odontia/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { DEMO_CLINIC, DEMO_TEAM } from '../../seed/demo.ts';
import { movimientosStock, productos } from '../../db/schema/index.ts';

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
};

/** Pesos, whole (spec 001 §9). Four supplies are at or below their minimum. */
const DEMO_CATALOG: DemoItem[] = [
  {
    nombre: 'Consulta de valoración',
    categoria: 'servicio',
    codigo: 'SRV-001',
    descripcion: 'Primera visita con diagnóstico y plan de tratamiento',
    precioVenta: 60000,
  },
  {
    nombre: 'Limpieza dental (profilaxis)',
    categoria: 'servicio',
    codigo: 'SRV-002',
    descripcion: 'Detartraje y pulido',
    precioVenta: 120000,
  },
  {
    nombre: 'Blanqueamiento dental',
    categoria: 'servicio',
    codigo: 'SRV-003',
    descripcion: 'Blanqueamiento en consultorio, una sesión',
    precioVenta: 650000,
  },
  {
    nombre: 'Obturación en resina',
    categoria: 'servicio',
    codigo: 'SRV-004',
    descripcion: 'Restauración estética por superficie',
    precioVenta: 150000,
  },
  { nombre: 'Endodoncia unirradicular', categoria: 'servicio', codigo: 'SRV-005', precioVenta: 450000 },
  { nombre: 'Endodoncia multirradicular', categoria: 'servicio', codigo: 'SRV-006', precioVenta: 750000 },
  { nombre: 'Extracción simple', categoria: 'servicio', codigo: 'SRV-007', precioVenta: 120000 },
  {
    nombre: 'Extracción de cordal',
    categoria: 'servicio',
    codigo: 'SRV-008',
    descripcion: 'Tercer molar, incluye control',
    precioVenta: 350000,
  },
  { nombre: 'Corona en porcelana', categoria: 'servicio', codigo: 'SRV-009', precioVenta: 1200000 },
  {
    nombre: 'Implante dental',
    categoria: 'servicio',
    codigo: 'SRV-010',
    descripcion: 'Implante de titanio con pilar, sin corona',
    precioVenta: 3500000,
  },
  { nombre: 'Ortodoncia: control mensual', categoria: 'servicio', codigo: 'SRV-011', precioVenta: 120000 },
  { nombre: 'Radiografía periapical', categoria: 'servicio', codigo: 'SRV-012', precioVenta: 35000 },
  {
    nombre: 'Sellantes de fosas y fisuras',
    categoria: 'servicio',
    codigo: 'SRV-013',
    descripcion: 'Por diente',
    precioVenta: 40000,
  },
  { nombre: 'Urgencia odontológica', categoria: 'servicio', codigo: 'SRV-014' },

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

const DAY_MS = 86_400_000;
const ASSISTANT_ID = DEMO_TEAM.members[1].id;

/**
 * The demo clinic's catalogue: services with prices, products for sale and supplies with stock, a
 * few at or below their minimum. Each stock has its movements (the initial count two months ago,
 * then what was used), so they add up to it like a real one. A clinic with items is left as it is.
 */
export async function seedDemoCatalog(tx: Executor): Promise<void> {
  const [existing] = await tx
    .select({ id: productos.id })
    .from(productos)
    .where(eq(productos.clinicaId, DEMO_CLINIC.id))
    .limit(1);
  if (existing) return;
  const rows = await tx
    .insert(productos)
    .values(
      DEMO_CATALOG.map((item) => ({
        clinicaId: DEMO_CLINIC.id,
        nombre: item.nombre,
        categoria: item.categoria,
        codigo: item.codigo,
        descripcion: item.descripcion ?? null,
        precioCompra: item.precioCompra ?? null,
        precioVenta: item.precioVenta ?? null,
        stockActual: item.stock?.[0] ?? null,
        stockMinimo: item.stock?.[1] ?? null,
        unidadMedida: item.unidadMedida ?? null,
      })),
    )
    .returning({ id: productos.id, codigo: productos.codigo });
  const idOf = new Map(rows.map((r) => [r.codigo, r.id]));
  const now = Date.now();
  const movements = DEMO_CATALOG.flatMap((item, i) => {
    if (!item.stock) return [];
    const [stock, , used] = item.stock;
    const productoId = idOf.get(item.codigo)!;
    const common = { productoId, clinicaId: DEMO_CLINIC.id };
    const counted = stock + used;
    return [
      ...(counted > 0
        ? [
            {
              ...common,
              cantidad: counted,
              motivo: 'ajuste',
              stockResultante: counted,
              autorId: DEMO_CLINIC.owner.id,
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
              autorId: ASSISTANT_ID,
              fechaCreacion: new Date(now - (3 + (i % 20)) * DAY_MS),
            },
          ]
        : []),
    ];
  });
  await tx.insert(movimientosStock).values(movements);
}
