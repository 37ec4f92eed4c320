CREATE TABLE "movimientos_stock" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"producto_id" uuid NOT NULL,
	"clinica_id" uuid NOT NULL,
	"cantidad" integer NOT NULL,
	"motivo" text NOT NULL,
	"stock_resultante" integer NOT NULL,
	"autor_id" text,
	"referencia" uuid,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movimientos_stock_cantidad_no_cero" CHECK ("movimientos_stock"."cantidad" <> 0),
	CONSTRAINT "movimientos_stock_motivo_valido" CHECK ("movimientos_stock"."motivo" in ('ajuste', 'compra_recibida', 'venta', 'consumo'))
);
--> statement-breakpoint
CREATE TABLE "productos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text,
	"categoria" text NOT NULL,
	"codigo" text,
	"precio_compra" integer,
	"precio_venta" integer,
	"stock_actual" integer,
	"stock_minimo" integer,
	"unidad_medida" text,
	"imagen_url" text,
	"activo" boolean DEFAULT true NOT NULL,
	"alerta_stock_enviada" boolean DEFAULT false NOT NULL,
	"producto_proveedor_id" uuid,
	"busqueda" text GENERATED ALWAYS AS (odontia_normalizar(nombre || ' ' || coalesce(codigo, '') || ' ' || coalesce(descripcion, ''))) STORED,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_actualizacion" timestamp with time zone,
	CONSTRAINT "productos_categoria_valida" CHECK ("productos"."categoria" in ('producto', 'servicio', 'insumo')),
	CONSTRAINT "productos_stock_no_negativo" CHECK ("productos"."stock_actual" >= 0),
	CONSTRAINT "productos_stock_minimo_no_negativo" CHECK ("productos"."stock_minimo" >= 0),
	CONSTRAINT "productos_precios_no_negativos" CHECK ("productos"."precio_compra" >= 0 and "productos"."precio_venta" >= 0)
);
--> statement-breakpoint
CREATE TABLE "productos_conteo" (
	"clinica_id" uuid NOT NULL,
	"categoria" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "productos_conteo_clinica_id_categoria_pk" PRIMARY KEY("clinica_id","categoria")
);
--> statement-breakpoint
ALTER TABLE "movimientos_stock" ADD CONSTRAINT "movimientos_stock_producto_id_productos_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."productos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos_stock" ADD CONSTRAINT "movimientos_stock_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos_stock" ADD CONSTRAINT "movimientos_stock_autor_id_usuarios_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_producto_proveedor_id_productos_id_fk" FOREIGN KEY ("producto_proveedor_id") REFERENCES "public"."productos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productos_conteo" ADD CONSTRAINT "productos_conteo_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "movimientos_stock_producto_idx" ON "movimientos_stock" USING btree ("producto_id","fecha_creacion");--> statement-breakpoint
CREATE INDEX "movimientos_stock_clinica_idx" ON "movimientos_stock" USING btree ("clinica_id");--> statement-breakpoint
CREATE UNIQUE INDEX "productos_clinica_codigo_key" ON "productos" USING btree ("clinica_id","codigo") WHERE "productos"."codigo" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "productos_clinica_proveedor_key" ON "productos" USING btree ("clinica_id","producto_proveedor_id") WHERE "productos"."producto_proveedor_id" is not null;--> statement-breakpoint
CREATE INDEX "productos_clinica_nombre_idx" ON "productos" USING btree ("clinica_id","nombre","id");--> statement-breakpoint
CREATE INDEX "productos_clinica_categoria_nombre_idx" ON "productos" USING btree ("clinica_id","categoria","nombre","id");--> statement-breakpoint
CREATE INDEX "productos_busqueda_trgm_idx" ON "productos" USING gin ("clinica_id","categoria","busqueda" gin_trgm_ops) WITH (fastupdate=false);