import type { NewsItem } from '@odontia/shared';
import { desc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { noticias } from '../../db/schema/index.ts';

/** How many news items the dashboard shows. */
export const NOTICIAS_LIMIT = 10;

/** The latest community news, newest first. */
export async function listNews(db: Executor): Promise<NewsItem[]> {
  return db
    .select({
      id: noticias.id,
      titulo: noticias.titulo,
      resumen: noticias.resumen,
      contenido: noticias.contenido,
      fecha: noticias.fecha,
    })
    .from(noticias)
    .orderBy(desc(noticias.fecha), desc(noticias.id))
    .limit(NOTICIAS_LIMIT);
}
