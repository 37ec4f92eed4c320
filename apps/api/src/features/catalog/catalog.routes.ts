import { catalogListQuerySchema, createItemSchema, updateItemSchema } from '@odontia/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../../platform/context.ts';
import { requirePermission } from '../../platform/session.ts';
import { fileBytes, imageUpload } from '../../platform/storage/images.ts';
import { idParam, validate } from '../../platform/validation.ts';
import {
  createItem,
  deleteItem,
  getItem,
  itemNotFound,
  listItems,
  listLowStock,
  removeItemImage,
  setItemImage,
  updateItem,
} from './catalog.service.ts';

const itemIdParam = idParam(itemNotFound);

/**
 * The clinic's catalogue (spec 001 §2 Catalogue list, New item, Edit item). The clinic is the
 * caller's membership; another clinic's item answers exactly like one that does not exist.
 */
export const catalogRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('productos.ver'), validate('query', catalogListQuerySchema), async (c) => {
    return c.json(await listItems(c.var.deps.db, c.var.member.clinicaId, c.req.valid('query')), 200);
  })
  .get('/stock-bajo', requirePermission('productos.ver'), async (c) =>
    c.json(await listLowStock(c.var.deps.db, c.var.member.clinicaId), 200),
  )
  .get('/:id', requirePermission('productos.ver'), itemIdParam, async (c) => {
    const item = await getItem(c.var.deps.db, c.var.member.clinicaId, c.req.valid('param').id);
    if (!item) throw itemNotFound();
    return c.json(item, 200);
  })
  .post('/', requirePermission('productos.crear'), validate('json', createItemSchema), async (c) => {
    return c.json(await createItem(c.var.deps.db, c.var.member, c.req.valid('json')), 201);
  })
  .put('/:id', requirePermission('productos.editar'), itemIdParam, validate('json', updateItemSchema), async (c) => {
    const item = await updateItem(c.var.deps.db, c.var.member, c.req.valid('param').id, c.req.valid('json'));
    if (!item) throw itemNotFound();
    return c.json(item, 200);
  })
  .delete('/:id', requirePermission('productos.eliminar'), itemIdParam, async (c) => {
    const { db, storage, logger } = c.var.deps;
    if (!(await deleteItem(db, storage, logger, c.var.member.clinicaId, c.req.valid('param').id))) throw itemNotFound();
    return c.body(null, 204);
  })
  /** The image is sent after the item is saved, like a patient's photo; changing it is editing the item. */
  .put('/:id/imagen', requirePermission('productos.editar'), itemIdParam, imageUpload('imagen'), async (c) => {
    const { db, storage, logger } = c.var.deps;
    const { imagen } = c.req.valid('form');
    const item = await setItemImage(db, storage, logger, c.var.member.clinicaId, c.req.valid('param').id, {
      bytes: await fileBytes(imagen),
      fileName: imagen.name || 'imagen',
    });
    if (!item) throw itemNotFound();
    return c.json(item, 200);
  })
  .delete('/:id/imagen', requirePermission('productos.editar'), itemIdParam, async (c) => {
    const { db, storage, logger } = c.var.deps;
    const item = await removeItemImage(db, storage, logger, c.var.member.clinicaId, c.req.valid('param').id);
    if (!item) throw itemNotFound();
    return c.json(item, 200);
  });
