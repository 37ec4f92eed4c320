CREATE SEQUENCE "public"."pedidos_numero_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "carrito" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"clinica_id" uuid NOT NULL,
	"producto_id" uuid NOT NULL,
	"cantidad" integer NOT NULL,
	"precio_unitario" integer NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_actualizacion" timestamp with time zone,
	CONSTRAINT "carrito_cantidad_positiva" CHECK ("carrito"."cantidad" > 0)
);
--> statement-breakpoint
CREATE TABLE "detalles_pedido" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pedido_id" uuid NOT NULL,
	"producto_id" uuid,
	"nombre" text NOT NULL,
	"precio_unitario" integer NOT NULL,
	"cantidad" integer NOT NULL,
	"subtotal" bigint NOT NULL,
	CONSTRAINT "detalles_pedido_cantidad_positiva" CHECK ("detalles_pedido"."cantidad" > 0),
	CONSTRAINT "detalles_pedido_subtotal_valido" CHECK ("detalles_pedido"."subtotal" = "detalles_pedido"."precio_unitario"::bigint * "detalles_pedido"."cantidad")
);
--> statement-breakpoint
CREATE TABLE "pedidos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"numero_pedido" text DEFAULT ('PED-' || to_char(now() at time zone 'UTC', 'YYYY') || '-' || lpad(nextval('pedidos_numero_seq')::text, 6, '0')) NOT NULL,
	"clinica_id" uuid NOT NULL,
	"user_id" text,
	"proveedor_id" uuid NOT NULL,
	"estado" text DEFAULT 'recibido' NOT NULL,
	"subtotal" bigint NOT NULL,
	"iva" bigint NOT NULL,
	"envio" bigint NOT NULL,
	"total" bigint NOT NULL,
	"direccion_envio" jsonb NOT NULL,
	"metodo_pago" text NOT NULL,
	"notas" text,
	"clave_idempotencia" uuid NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_actualizacion" timestamp with time zone,
	CONSTRAINT "pedidos_estado_valido" CHECK ("pedidos"."estado" in ('recibido', 'en_preparacion', 'enviado', 'entregado', 'cancelado')),
	CONSTRAINT "pedidos_metodo_pago_valido" CHECK ("pedidos"."metodo_pago" in ('transferencia', 'contraentrega')),
	CONSTRAINT "pedidos_totales_validos" CHECK ("pedidos"."subtotal" >= 0 and "pedidos"."iva" >= 0 and "pedidos"."envio" >= 0 and "pedidos"."total" = "pedidos"."subtotal" + "pedidos"."iva" + "pedidos"."envio")
);
--> statement-breakpoint
CREATE TABLE "seguimiento_pedido" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pedido_id" uuid NOT NULL,
	"estado" text NOT NULL,
	"autor_id" text,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seguimiento_pedido_estado_valido" CHECK ("seguimiento_pedido"."estado" in ('recibido', 'en_preparacion', 'enviado', 'entregado', 'cancelado'))
);
--> statement-breakpoint
ALTER TABLE "carrito" ADD CONSTRAINT "carrito_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrito" ADD CONSTRAINT "carrito_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrito" ADD CONSTRAINT "carrito_producto_id_productos_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."productos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detalles_pedido" ADD CONSTRAINT "detalles_pedido_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detalles_pedido" ADD CONSTRAINT "detalles_pedido_producto_id_productos_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."productos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_proveedor_id_clinicas_id_fk" FOREIGN KEY ("proveedor_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seguimiento_pedido" ADD CONSTRAINT "seguimiento_pedido_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seguimiento_pedido" ADD CONSTRAINT "seguimiento_pedido_autor_id_user_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carrito_usuario_producto_key" ON "carrito" USING btree ("user_id","producto_id");--> statement-breakpoint
CREATE INDEX "carrito_usuario_idx" ON "carrito" USING btree ("user_id","clinica_id","fecha_creacion");--> statement-breakpoint
CREATE INDEX "detalles_pedido_pedido_idx" ON "detalles_pedido" USING btree ("pedido_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pedidos_numero_key" ON "pedidos" USING btree ("numero_pedido");--> statement-breakpoint
CREATE UNIQUE INDEX "pedidos_usuario_clave_key" ON "pedidos" USING btree ("user_id","clave_idempotencia");--> statement-breakpoint
CREATE INDEX "pedidos_clinica_fecha_idx" ON "pedidos" USING btree ("clinica_id","fecha_creacion" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "pedidos_proveedor_fecha_idx" ON "pedidos" USING btree ("proveedor_id","fecha_creacion" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "seguimiento_pedido_pedido_idx" ON "seguimiento_pedido" USING btree ("pedido_id","fecha");