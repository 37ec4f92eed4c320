ALTER TABLE "detalles_pedido" ADD COLUMN "producto_recibido_id" uuid;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "fecha_recepcion" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "recibido_por" text;--> statement-breakpoint
ALTER TABLE "detalles_pedido" ADD CONSTRAINT "detalles_pedido_producto_recibido_id_productos_id_fk" FOREIGN KEY ("producto_recibido_id") REFERENCES "public"."productos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_recibido_por_user_id_fk" FOREIGN KEY ("recibido_por") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Until now a delivered order entered the buyer's inventory when the supplier marked it delivered,
-- into the item linked to each supplier product: those orders are received, at their delivery.
UPDATE "pedidos" o SET "fecha_recepcion" = (
  SELECT max(s."fecha") FROM "seguimiento_pedido" s WHERE s."pedido_id" = o."id" AND s."estado" = 'entregado'
) WHERE o."estado" = 'entregado';--> statement-breakpoint
UPDATE "detalles_pedido" d SET "producto_recibido_id" = p."id"
FROM "pedidos" o, "productos" p
WHERE o."id" = d."pedido_id" AND o."estado" = 'entregado'
  AND p."clinica_id" = o."clinica_id" AND p."producto_proveedor_id" = d."producto_id";
