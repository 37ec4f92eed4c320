import { ORDER_STEPS, PERMISSIONS, defaultTaxType, orderTotals, parseCountry, type OrderStatus } from '@odontia/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { DEMO_CLINIC, DEMO_SUPPLIER, seededRandom } from '../../seed/demo.ts';
import { detallesPedido, movimientosStock, pedidos, productos, seguimientoPedido } from '../../db/schema/index.ts';
import type { DemoSeedContext } from '../../seed/demo.ts';
import { adjustStock } from '../../platform/stock.ts';
import { makeKey, publicUrl } from '../../platform/storage/storage.ts';
import { receiveOrder } from './receipt.service.ts';
import { renderSupplyImage, type SupplyShape } from './supply-image.ts';

type Supply = [
  nombre: string,
  descripcion: string,
  categoria: 'insumo' | 'producto',
  unidad: string,
  precio: number,
  stock: number,
  shape: SupplyShape,
];

/** The supplier's catalogue: dental supplies and small equipment at Colombian prices (pesos). */
const SUPPLIES: Supply[] = [
  ['Guantes de nitrilo talla S', 'Caja de 100 guantes sin polvo, azul', 'insumo', 'caja', 24_900, 180, 'guante'],
  ['Guantes de nitrilo talla M', 'Caja de 100 guantes sin polvo, azul', 'insumo', 'caja', 24_900, 240, 'guante'],
  ['Guantes de nitrilo talla L', 'Caja de 100 guantes sin polvo, azul', 'insumo', 'caja', 24_900, 150, 'guante'],
  ['Guantes de látex talla M', 'Caja de 100 guantes con polvo', 'insumo', 'caja', 19_500, 90, 'guante'],
  [
    'Guantes quirúrgicos estériles 7.0',
    'Par estéril de látex, caja de 50 pares',
    'insumo',
    'caja',
    128_000,
    40,
    'guante',
  ],
  ['Tapabocas desechables', 'Triple capa con elástico, caja de 50', 'insumo', 'caja', 9_800, 300, 'caja'],
  ['Respirador N95', 'Caja de 20 respiradores certificados', 'insumo', 'caja', 68_000, 60, 'caja'],
  ['Gorros desechables', 'Gorro de oruga, paquete de 100', 'insumo', 'paquete', 14_500, 120, 'bolsa'],
  ['Baberos desechables', 'Doble capa papel y polietileno, paquete de 500', 'insumo', 'paquete', 52_000, 80, 'bolsa'],
  ['Eyectores de saliva', 'Bolsa de 100, punta suave', 'insumo', 'bolsa', 11_900, 200, 'bolsa'],
  ['Rollos de algodón', 'Número 2, bolsa de 1000 unidades', 'insumo', 'bolsa', 17_500, 150, 'bolsa'],
  ['Gasas estériles 7.5 x 7.5', 'Sobres de 2 unidades, caja de 100 sobres', 'insumo', 'caja', 21_000, 110, 'caja'],
  ['Vasos desechables', 'Vasos de 7 oz, paquete de 100', 'insumo', 'paquete', 6_500, 260, 'bolsa'],
  ['Campos desechables', 'Campo impermeable 45 x 33 cm, paquete de 50', 'insumo', 'paquete', 23_000, 70, 'bolsa'],
  [
    'Bolsas para esterilizar 90 x 230',
    'Autosellables con indicador, caja de 200',
    'insumo',
    'caja',
    38_500,
    95,
    'caja',
  ],
  [
    'Bolsas para esterilizar 190 x 330',
    'Autosellables con indicador, caja de 200',
    'insumo',
    'caja',
    56_000,
    60,
    'caja',
  ],
  ['Indicador biológico', 'Ampollas para autoclave, caja de 25', 'insumo', 'caja', 189_000, 18, 'frasco'],
  ['Desinfectante de superficies', 'Amonio cuaternario, galón de 3.8 L', 'insumo', 'galón', 64_900, 45, 'frasco'],
  ['Toallitas desinfectantes', 'Tarro de 160 toallitas', 'insumo', 'tarro', 32_000, 85, 'frasco'],
  ['Glutaraldehído 2%', 'Solución para desinfección de alto nivel, 1 L', 'insumo', 'frasco', 41_500, 30, 'frasco'],
  ['Anestesia lidocaína 2% con epinefrina', 'Caja de 50 cárpulas de 1.8 ml', 'insumo', 'caja', 118_000, 75, 'caja'],
  ['Anestesia mepivacaína 3%', 'Sin vasoconstrictor, caja de 50 cárpulas', 'insumo', 'caja', 132_000, 40, 'caja'],
  ['Anestesia articaína 4%', 'Con epinefrina 1:100.000, caja de 50 cárpulas', 'insumo', 'caja', 165_000, 35, 'caja'],
  ['Anestésico tópico benzocaína 20%', 'Gel sabor cereza, 30 g', 'insumo', 'frasco', 18_900, 60, 'frasco'],
  ['Agujas dentales cortas 30G', 'Caja de 100 agujas desechables', 'insumo', 'caja', 42_000, 90, 'jeringa'],
  ['Agujas dentales largas 27G', 'Caja de 100 agujas desechables', 'insumo', 'caja', 42_000, 70, 'jeringa'],
  ['Jeringa carpule', 'Acero inoxidable con arpón de aspiración', 'producto', 'unidad', 58_000, 25, 'jeringa'],
  ['Resina compuesta A2', 'Nanohíbrida fotocurable, jeringa de 4 g', 'insumo', 'jeringa', 89_000, 55, 'tubo'],
  ['Resina compuesta A3', 'Nanohíbrida fotocurable, jeringa de 4 g', 'insumo', 'jeringa', 89_000, 48, 'tubo'],
  ['Resina fluida A2', 'Flow de baja contracción, 2 jeringas de 2 g', 'insumo', 'kit', 76_000, 40, 'tubo'],
  ['Adhesivo universal', 'Monocomponente de quinta generación, 5 ml', 'insumo', 'frasco', 145_000, 30, 'frasco'],
  ['Ácido grabador 37%', 'Gel de ácido fosfórico, 3 jeringas de 3 ml', 'insumo', 'kit', 28_500, 65, 'tubo'],
  ['Ionómero de vidrio restaurador', 'Polvo 15 g y líquido 10 ml', 'insumo', 'kit', 98_000, 28, 'frasco'],
  ['Cemento de resina dual', 'Automezcla, jeringa de 5 g con puntas', 'insumo', 'jeringa', 185_000, 15, 'tubo'],
  ['Hidróxido de calcio', 'Pasta base y catalizador, 13 g', 'insumo', 'kit', 36_000, 34, 'tubo'],
  ['Alginato para impresión', 'Fraguado rápido, bolsa de 454 g', 'insumo', 'bolsa', 27_900, 70, 'bolsa'],
  ['Silicona de adición pesada', 'Masilla base y catalizador, 2 x 300 ml', 'insumo', 'kit', 168_000, 20, 'frasco'],
  ['Silicona de adición liviana', '2 cartuchos de 50 ml con puntas', 'insumo', 'kit', 112_000, 24, 'tubo'],
  ['Cubetas de impresión desechables', 'Juego de 12 cubetas perforadas', 'insumo', 'juego', 22_000, 50, 'caja'],
  ['Yeso tipo III', 'Piedra para modelos, bolsa de 1 kg', 'insumo', 'kg', 14_000, 90, 'bolsa'],
  ['Limas K 21 mm #15-40', 'Caja de 6 limas de acero inoxidable', 'insumo', 'caja', 24_500, 80, 'instrumento'],
  ['Limas rotatorias níquel-titanio', 'Secuencia de 6 limas, 25 mm', 'insumo', 'caja', 149_000, 30, 'instrumento'],
  ['Conos de gutapercha #25', 'Caja de 120 conos estandarizados', 'insumo', 'caja', 19_800, 60, 'caja'],
  ['Conos de papel absorbente #25', 'Caja de 200 conos estériles', 'insumo', 'caja', 16_500, 60, 'caja'],
  ['Hipoclorito de sodio 5.25%', 'Irrigante endodóntico, 500 ml', 'insumo', 'frasco', 12_900, 75, 'frasco'],
  ['Cemento sellador endodóntico', 'A base de resina epóxica, 2 tubos', 'insumo', 'kit', 132_000, 18, 'tubo'],
  [
    'Fresas de diamante troncocónicas',
    'Paquete de 5 fresas de alta velocidad',
    'insumo',
    'paquete',
    32_000,
    100,
    'instrumento',
  ],
  [
    'Fresas de carburo redondas',
    'Paquete de 10 fresas de baja velocidad',
    'insumo',
    'paquete',
    45_000,
    70,
    'instrumento',
  ],
  ['Pasta profiláctica', 'Sabor menta, granulometría media, 200 g', 'insumo', 'tarro', 26_000, 55, 'frasco'],
  ['Barniz de flúor 5%', 'Dosis unitarias, caja de 50', 'insumo', 'caja', 155_000, 22, 'caja'],
  ['Sellante de fosetas y fisuras', 'Fotocurable con flúor, 2 jeringas', 'insumo', 'kit', 68_000, 30, 'tubo'],
  ['Hilo retractor #0', 'Trenzado sin impregnar, 254 cm', 'insumo', 'frasco', 38_000, 40, 'frasco'],
  ['Sutura seda 3-0', 'Aguja 3/8 de círculo, caja de 12', 'insumo', 'caja', 54_000, 35, 'caja'],
  ['Espejos bucales #5', 'Caja de 12 espejos planos', 'producto', 'caja', 36_000, 45, 'instrumento'],
  ['Explorador doble', 'Acero inoxidable, punta 23/17', 'producto', 'unidad', 18_500, 60, 'instrumento'],
  ['Pinza algodonera', 'Acero inoxidable con estrías', 'producto', 'unidad', 16_900, 55, 'instrumento'],
  ['Cureta Gracey 5/6', 'Mango hueco, acero inoxidable', 'producto', 'unidad', 42_000, 30, 'instrumento'],
  ['Fórceps 150 superior', 'Para premolares y caninos superiores', 'producto', 'unidad', 165_000, 12, 'instrumento'],
  [
    'Lámpara de fotocurado LED',
    'Inalámbrica, 1200 mW/cm², batería de litio',
    'producto',
    'unidad',
    690_000,
    8,
    'equipo',
  ],
  [
    'Pieza de mano de alta velocidad',
    'Cabeza estándar, spray triple, conexión borden',
    'producto',
    'unidad',
    780_000,
    6,
    'equipo',
  ],
  ['Contraángulo de baja velocidad', 'Relación 1:1, acoplamiento tipo E', 'producto', 'unidad', 540_000, 0, 'equipo'],
  ['Ultrasonido piezoeléctrico', 'Con 6 insertos para profilaxis', 'producto', 'unidad', 1_450_000, 4, 'equipo'],
];

const COLORS = [
  '#2563eb',
  '#0d9488',
  '#7c3aed',
  '#db2777',
  '#ea580c',
  '#16a34a',
  '#0891b2',
  '#4f46e5',
  '#ca8a04',
  '#dc2626',
];
const BACKGROUNDS = [
  '#eff6ff',
  '#f0fdfa',
  '#f5f3ff',
  '#fdf2f8',
  '#fff7ed',
  '#f0fdf4',
  '#ecfeff',
  '#eef2ff',
  '#fefce8',
  '#fef2f2',
];

/**
 * The demo clinic's two past orders: [lines (supply index, quantity)], the state reached, days ago.
 * The delivered one was received into the clinic's inventory (`RECEIVED_INTO`) after its last
 * consumption movements (catalog.seed.ts: 3 days ago and earlier), so each item's movements add up.
 */
const PAST_ORDERS: { lines: [number, number][]; estado: OrderStatus; diasAtras: number }[] = [
  {
    lines: [
      [1, 4],
      [5, 6],
      [9, 3],
      [20, 2],
      [27, 2],
    ],
    estado: 'entregado',
    diasAtras: 5,
  },
  {
    lines: [
      [14, 2],
      [36, 1],
      [46, 3],
    ],
    estado: 'enviado',
    diasAtras: 3,
  },
];

/**
 * Where the demo clinic received each supply of its delivered order: its own items (catalog.seed.ts
 * codes), the tapabocas into its 'Mascarillas quirúrgicas'. Those items are now linked to the
 * supplier's products: the next delivery of them goes there too.
 */
const RECEIVED_INTO: Record<number, string> = {
  1: 'INS-001',
  5: 'INS-003',
  9: 'INS-011',
  20: 'INS-004',
  27: 'INS-006',
};

const DAY = 86_400_000;

/**
 * Demo data: the catalogue of 'Depósito Dental Ibérico' (about 60 supplies with a pictogram made here
 * by sharp, stored like an uploaded item image under product_images/{clinic}/), and two past orders of the demo
 * clinic: one delivered and received into the demo clinic's own items (now linked to the supplier's
 * products), and one on its way. Runs after the supplier and the demo clinic are seeded.
 */
export async function seedDemoStore(tx: Executor, { storage }: DemoSeedContext): Promise<void> {
  const random = seededRandom(20_261_114);
  const results = await Promise.allSettled(
    SUPPLIES.map(async ([, , , , , , shape], i) => {
      const bytes = await renderSupplyImage(
        shape,
        COLORS[i % COLORS.length],
        BACKGROUNDS[(i * 3) % BACKGROUNDS.length],
      );
      const key = makeKey('product_images', DEMO_SUPPLIER.id, `insumo-${i + 1}`, 'webp');
      await storage.put(key, bytes, 'image/webp');
      return publicUrl(key);
    }),
  );
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  const images = results.map((r) => (r.status === 'fulfilled' ? r.value : null));
  const items = await tx
    .insert(productos)
    .values(
      SUPPLIES.map(([nombre, descripcion, categoria, unidadMedida, precioVenta, stockActual], i) => ({
        clinicaId: DEMO_SUPPLIER.id,
        nombre,
        descripcion,
        categoria,
        codigo: `DDI-${String(i + 1).padStart(4, '0')}`,
        // The supplier's own cost: 55-70% of the sale price.
        precioCompra: Math.round((precioVenta * (0.55 + random() * 0.15)) / 100) * 100,
        precioVenta,
        stockActual,
        stockMinimo: Math.max(2, Math.round(stockActual * 0.1)),
        unidadMedida,
        tipoImpuesto: defaultTaxType({ pais: parseCountry(DEMO_SUPPLIER.pais) }, categoria),
        imagenUrl: images[i],
      })),
    )
    .returning({
      id: productos.id,
      nombre: productos.nombre,
      precioVenta: productos.precioVenta,
      stockActual: productos.stockActual,
    });
  // Each stock starts with its count two months ago, so an item's movements add up to its stock.
  await tx.insert(movimientosStock).values(
    items
      .filter((item) => item.stockActual! > 0)
      .map((item) => ({
        productoId: item.id,
        clinicaId: DEMO_SUPPLIER.id,
        cantidad: item.stockActual!,
        motivo: 'ajuste',
        stockResultante: item.stockActual!,
        autorId: DEMO_SUPPLIER.owner.id,
        fechaCreacion: new Date(Date.now() - 60 * DAY),
      })),
  );

  const owner = DEMO_CLINIC.owner;
  for (const [n, order] of PAST_ORDERS.entries()) {
    const fecha = new Date(Date.now() - order.diasAtras * DAY);
    const lines = order.lines.map(([index, cantidad]) => ({ index, item: items[index], cantidad }));
    const detalles = lines.map(({ item, cantidad }) => ({
      productoId: item.id,
      nombre: item.nombre,
      precioUnitario: item.precioVenta!,
      cantidad,
      subtotal: item.precioVenta! * cantidad,
    }));
    const [pedido] = await tx
      .insert(pedidos)
      .values({
        clinicaId: DEMO_CLINIC.id,
        userId: owner.id,
        proveedorId: DEMO_SUPPLIER.id,
        estado: order.estado,
        ...orderTotals(detalles.reduce((sum, d) => sum + d.subtotal, 0)),
        direccionEnvio: {
          nombre: `${owner.nombres} ${owner.apellidos}`,
          telefono: owner.telefono,
          direccion: DEMO_CLINIC.direccion,
          ciudad: DEMO_CLINIC.ciudad,
          departamento: 'Bogotá D.C.',
          codigoPostal: '110221',
          notas: n === 0 ? 'Entregar en recepción' : null,
        },
        metodoPago: n === 0 ? 'transferencia' : 'contraentrega',
        notas: null,
        claveIdempotencia: `0de70000-5a1d-4c1e-8a00-00000000030${n}`,
        fechaCreacion: fecha,
        fechaActualizacion: fecha,
      })
      .returning({ id: pedidos.id });
    const lineIds = await tx
      .insert(detallesPedido)
      .values(detalles.map((d) => ({ ...d, pedidoId: pedido.id })))
      .returning({ id: detallesPedido.id });
    const steps = ORDER_STEPS.slice(0, ORDER_STEPS.indexOf(order.estado as (typeof ORDER_STEPS)[number]) + 1);
    const stepDates = steps.map(
      // A day or so between steps.
      (_, i) => new Date(fecha.getTime() + i * (DAY + Math.floor(random() * 6) * 3_600_000)),
    );
    await tx.insert(seguimientoPedido).values(
      steps.map((estado, i) => ({
        pedidoId: pedido.id,
        estado,
        autorId: i === 0 ? owner.id : DEMO_SUPPLIER.owner.id,
        fecha: stepDates[i],
      })),
    );
    for (const { item, cantidad } of lines) {
      await adjustStock(tx, {
        clinicaId: DEMO_SUPPLIER.id,
        productoId: item.id,
        cantidad: -cantidad,
        motivo: 'venta',
        autorId: null,
        referencia: pedido.id,
      });
    }
    await dateMovements(tx, DEMO_SUPPLIER.id, pedido.id, fecha);
    if (order.estado !== 'entregado') continue;

    // Received by the owner a couple of hours after the delivery, into the clinic's own items.
    const own = await tx
      .select({ id: productos.id, codigo: productos.codigo })
      .from(productos)
      .where(and(eq(productos.clinicaId, DEMO_CLINIC.id), inArray(productos.codigo, Object.values(RECEIVED_INTO))));
    const byCode = new Map(own.map((i) => [i.codigo, i.id]));
    await receiveOrder(
      tx,
      { clinicaId: DEMO_CLINIC.id, userId: owner.id, permisos: new Set(PERMISSIONS.map((p) => p.nombre)) },
      pedido.id,
      {
        lineas: lines.map(({ index }, i) => ({
          detalleId: lineIds[i].id,
          productoId: byCode.get(RECEIVED_INTO[index]) ?? null,
        })),
      },
    );
    const received = new Date(stepDates[stepDates.length - 1].getTime() + 2 * 3_600_000);
    await tx.update(pedidos).set({ fechaRecepcion: received }).where(eq(pedidos.id, pedido.id));
    await dateMovements(tx, DEMO_CLINIC.id, pedido.id, received);
  }
}

/** An order's stock movements in one clinic, dated when they happened in the demo's story. */
const dateMovements = (tx: Executor, clinicaId: string, pedidoId: string, fecha: Date) =>
  tx
    .update(movimientosStock)
    .set({ fechaCreacion: fecha })
    .where(and(eq(movimientosStock.clinicaId, clinicaId), eq(movimientosStock.referencia, pedidoId)));
