CREATE TABLE "tratamientos_realizados" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"paciente_id" uuid NOT NULL,
	"servicio_id" uuid,
	"descripcion" text NOT NULL,
	"diente" integer,
	"superficies" text[] DEFAULT '{}'::text[] NOT NULL,
	"cantidad" integer DEFAULT 1 NOT NULL,
	"dentista_id" uuid,
	"autor_id" text,
	"fecha" timestamp with time zone NOT NULL,
	"importe" bigint NOT NULL,
	"moneda" text NOT NULL,
	"linea_presupuesto_id" uuid,
	CONSTRAINT "tratamientos_realizados_importe_valido" CHECK ("tratamientos_realizados"."importe" >= 0),
	CONSTRAINT "tratamientos_realizados_cantidad_valida" CHECK ("tratamientos_realizados"."cantidad" between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "movimientos_stock" DROP CONSTRAINT "movimientos_stock_cantidad_no_cero";--> statement-breakpoint
ALTER TABLE "movimientos_stock" ADD COLUMN "faltante" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tratamientos_realizados" ADD CONSTRAINT "tratamientos_realizados_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tratamientos_realizados" ADD CONSTRAINT "tratamientos_realizados_paciente_id_pacientes_id_fk" FOREIGN KEY ("paciente_id") REFERENCES "public"."pacientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tratamientos_realizados" ADD CONSTRAINT "tratamientos_realizados_servicio_id_productos_id_fk" FOREIGN KEY ("servicio_id") REFERENCES "public"."productos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tratamientos_realizados" ADD CONSTRAINT "tratamientos_realizados_dentista_id_dentistas_id_fk" FOREIGN KEY ("dentista_id") REFERENCES "public"."dentistas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tratamientos_realizados" ADD CONSTRAINT "tratamientos_realizados_autor_id_user_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tratamientos_realizados" ADD CONSTRAINT "tratamientos_realizados_linea_presupuesto_id_lineas_presupuesto_id_fk" FOREIGN KEY ("linea_presupuesto_id") REFERENCES "public"."lineas_presupuesto"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tratamientos_realizados_paciente_idx" ON "tratamientos_realizados" USING btree ("paciente_id","fecha");--> statement-breakpoint
CREATE INDEX "tratamientos_realizados_clinica_fecha_idx" ON "tratamientos_realizados" USING btree ("clinica_id","fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "tratamientos_realizados_linea_key" ON "tratamientos_realizados" USING btree ("linea_presupuesto_id");--> statement-breakpoint
ALTER TABLE "movimientos_stock" ADD CONSTRAINT "movimientos_stock_faltante_valido" CHECK ("movimientos_stock"."faltante" >= 0);--> statement-breakpoint
ALTER TABLE "movimientos_stock" ADD CONSTRAINT "movimientos_stock_cantidad_no_cero" CHECK ("movimientos_stock"."cantidad" <> 0 or "movimientos_stock"."faltante" > 0);