CREATE TABLE "aceptaciones_presupuesto" (
	"presupuesto_id" uuid PRIMARY KEY NOT NULL,
	"clinica_id" uuid NOT NULL,
	"canal" text NOT NULL,
	"firmante" text NOT NULL,
	"opcion" text,
	"fecha" timestamp with time zone NOT NULL,
	"direccion" text NOT NULL,
	"navegador" text NOT NULL,
	"registrado_por" text,
	"archivo_clave" text NOT NULL,
	"pdf_sha256" text NOT NULL,
	"bytes" integer NOT NULL,
	CONSTRAINT "aceptaciones_presupuesto_canal_valido" CHECK ("aceptaciones_presupuesto"."canal" in ('enlace', 'consulta'))
);
--> statement-breakpoint
CREATE TABLE "enlaces_presupuesto" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"presupuesto_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fallos" integer DEFAULT 0 NOT NULL,
	"primer_fallo" timestamp with time zone,
	"bloqueado_hasta" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lineas_presupuesto" ADD COLUMN "aceptada" boolean;--> statement-breakpoint
ALTER TABLE "presupuestos" ADD COLUMN "motivo_rechazo" text;--> statement-breakpoint
ALTER TABLE "aceptaciones_presupuesto" ADD CONSTRAINT "aceptaciones_presupuesto_presupuesto_id_presupuestos_id_fk" FOREIGN KEY ("presupuesto_id") REFERENCES "public"."presupuestos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aceptaciones_presupuesto" ADD CONSTRAINT "aceptaciones_presupuesto_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aceptaciones_presupuesto" ADD CONSTRAINT "aceptaciones_presupuesto_registrado_por_user_id_fk" FOREIGN KEY ("registrado_por") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enlaces_presupuesto" ADD CONSTRAINT "enlaces_presupuesto_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enlaces_presupuesto" ADD CONSTRAINT "enlaces_presupuesto_presupuesto_id_presupuestos_id_fk" FOREIGN KEY ("presupuesto_id") REFERENCES "public"."presupuestos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enlaces_presupuesto_token_key" ON "enlaces_presupuesto" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "enlaces_presupuesto_presupuesto_idx" ON "enlaces_presupuesto" USING btree ("presupuesto_id");