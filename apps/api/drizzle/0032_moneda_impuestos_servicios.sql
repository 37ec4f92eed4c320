CREATE TABLE "kits_servicio" (
	"servicio_id" uuid NOT NULL,
	"insumo_id" uuid NOT NULL,
	"cantidad" integer NOT NULL,
	CONSTRAINT "kits_servicio_servicio_id_insumo_id_pk" PRIMARY KEY("servicio_id","insumo_id"),
	CONSTRAINT "kits_servicio_cantidad_valida" CHECK ("kits_servicio"."cantidad" between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "clinicas" ADD COLUMN "moneda" text DEFAULT 'COP' NOT NULL;--> statement-breakpoint
-- The demo clinic moves to Bogotá (issue 23): its prices were always pesos.
UPDATE "clinicas" SET "pais" = 'CO', "ciudad" = 'Bogotá', "zona_horaria" = 'America/Bogota',
  "direccion" = 'Calle 93 # 11-27, Chicó', "telefono" = '601 555 0123'
  WHERE "id" = '0de70000-5a1d-4c1e-8a00-000000000001';--> statement-breakpoint
-- A clinic in Spain (by its country, or by its zone when it has none) counts in euros; the prices it
-- typed were whole euros, now cents.
UPDATE "clinicas" SET "moneda" = 'EUR'
  WHERE upper("pais") = 'ES' OR odontia_normalizar(coalesce("pais", '')) IN ('espana', 'spain')
     OR ("pais" IS NULL AND "zona_horaria" IN ('Europe/Madrid', 'Atlantic/Canary', 'Africa/Ceuta'));--> statement-breakpoint
UPDATE "productos" p SET "precio_compra" = p."precio_compra" * 100, "precio_venta" = p."precio_venta" * 100
  FROM "clinicas" c WHERE c."id" = p."clinica_id" AND c."moneda" = 'EUR';--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "tipo_impuesto" text;--> statement-breakpoint
-- The country's default for the item's kind (packages/shared countries.ts impuestoPorDefecto).
UPDATE "productos" p SET "tipo_impuesto" = CASE
    WHEN c."moneda" = 'EUR' THEN CASE WHEN p."categoria" = 'servicio' THEN 'ES_EXENTO' ELSE 'ES_IVA_21' END
    ELSE CASE WHEN p."categoria" = 'servicio' THEN 'CO_EXCLUIDO' ELSE 'CO_IVA_19' END
  END
  FROM "clinicas" c WHERE c."id" = p."clinica_id";--> statement-breakpoint
ALTER TABLE "productos" ALTER COLUMN "tipo_impuesto" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "duracion_minutos" integer;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "codigo_cups" text;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "estetico" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "kits_servicio" ADD CONSTRAINT "kits_servicio_servicio_id_productos_id_fk" FOREIGN KEY ("servicio_id") REFERENCES "public"."productos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kits_servicio" ADD CONSTRAINT "kits_servicio_insumo_id_productos_id_fk" FOREIGN KEY ("insumo_id") REFERENCES "public"."productos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kits_servicio_insumo_idx" ON "kits_servicio" USING btree ("insumo_id");--> statement-breakpoint
ALTER TABLE "clinicas" ADD CONSTRAINT "clinicas_moneda_valida" CHECK ("clinicas"."moneda" in ('EUR', 'COP'));--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_duracion_valida" CHECK ("productos"."duracion_minutos" between 5 and 720);