CREATE TABLE "citas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"paciente_id" uuid NOT NULL,
	"dentista_id" uuid NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"fin" timestamp with time zone NOT NULL,
	"titulo" text NOT NULL,
	"notas" text,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"solicitud_id" uuid,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_actualizacion" timestamp with time zone,
	CONSTRAINT "citas_fin_despues_de_inicio" CHECK ("citas"."fin" > "citas"."inicio")
);
--> statement-breakpoint
CREATE TABLE "dentistas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"nombres" text NOT NULL,
	"apellidos" text NOT NULL,
	"especialidad" text NOT NULL,
	"color" text NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"usuario_id" text,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_actualizacion" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_paciente_id_pacientes_id_fk" FOREIGN KEY ("paciente_id") REFERENCES "public"."pacientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_dentista_id_dentistas_id_fk" FOREIGN KEY ("dentista_id") REFERENCES "public"."dentistas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_solicitud_id_solicitudes_cita_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."solicitudes_cita"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dentistas" ADD CONSTRAINT "dentistas_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dentistas" ADD CONSTRAINT "dentistas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "citas_clinica_inicio_idx" ON "citas" USING btree ("clinica_id","inicio","id");--> statement-breakpoint
CREATE INDEX "citas_dentista_inicio_idx" ON "citas" USING btree ("dentista_id","inicio");--> statement-breakpoint
CREATE INDEX "citas_paciente_idx" ON "citas" USING btree ("paciente_id","inicio");--> statement-breakpoint
CREATE INDEX "dentistas_clinica_idx" ON "dentistas" USING btree ("clinica_id","nombres","apellidos");