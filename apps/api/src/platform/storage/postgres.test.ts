import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { archivos } from '../../db/schema/index.ts';
import { openTestDatabase } from '../../test/template.ts';
import { createPostgresStorage } from './postgres.ts';
import type { Storage } from './storage.ts';

const KEY = 'logos/3f1c2a4e-8b9d-4c1e-9f00-1234567890ab/1700000000000-logo.png';

describe('PostgreSQL storage', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let storage: Storage;

  beforeAll(async () => {
    database = await openTestDatabase();
    storage = createPostgresStorage(database.db);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('keeps one row per key, its size computed by the database and when it was replaced', async () => {
    await storage.put(KEY, new Uint8Array(1000), 'image/png');
    const [created] = await database.db.select().from(archivos).where(eq(archivos.clave, KEY));
    expect(created).toMatchObject({ tipoContenido: 'image/png', tamano: 1000, fechaActualizacion: null });

    await storage.put(KEY, new Uint8Array(10), 'image/webp');
    const rows = await database.db.select().from(archivos).where(eq(archivos.clave, KEY));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tipoContenido: 'image/webp', tamano: 10, fechaCreacion: created.fechaCreacion });
    expect(rows[0].fechaActualizacion).toBeInstanceOf(Date);
  });

  it('serves a file with one read of the primary key', async () => {
    // Enough rows that a sequential scan would cost more than the index.
    await database.db.insert(archivos).values(
      Array.from({ length: 500 }, (_, i) => ({
        clave: `logos/relleno/${i}.png`,
        tipoContenido: 'image/png',
        contenido: new Uint8Array([i % 256]),
      })),
    );
    await database.db.execute(sql`analyze ${archivos}`);
    const [plan] = await rowsOf<{ 'QUERY PLAN': unknown }>(
      database.db.execute(
        sql`explain (format json) select ${archivos.tipoContenido}, ${archivos.contenido} from ${archivos} where ${archivos.clave} = ${KEY}`,
      ),
    );
    const raw = plan['QUERY PLAN'];
    const root = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: Record<string, unknown> }];
    expect(root[0].Plan).toMatchObject({ 'Node Type': 'Index Scan', 'Index Name': 'archivos_pkey' });
  });
});
