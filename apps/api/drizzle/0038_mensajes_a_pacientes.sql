-- Messages to patients (issue 24, docs/decisions/0022): the outbox, the patient's appointment links, the
-- clinic's reminder settings and templates, and the patient's consent to reminders and communications.
CREATE TABLE "enlaces_cita" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"cita_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mensajes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"cita_id" uuid,
	"paciente_id" uuid NOT NULL,
	"canal" text NOT NULL,
	"plantilla" text NOT NULL,
	"destinatario" text NOT NULL,
	"cita_inicio" timestamp with time zone NOT NULL,
	"cita_fin" timestamp with time zone NOT NULL,
	"dentista" text NOT NULL,
	"enviar_en" timestamp with time zone DEFAULT now() NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"reclamado_hasta" timestamp with time zone,
	"ultimo_error" text,
	"fecha_envio" timestamp with time zone,
	"enviado_por" text,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mensajes_canal_valido" CHECK ("mensajes"."canal" in ('email', 'whatsapp')),
	CONSTRAINT "mensajes_plantilla_valida" CHECK ("mensajes"."plantilla" in ('confirmacion', 'cambio', 'cancelacion', 'recordatorio', 'whatsapp')),
	CONSTRAINT "mensajes_estado_valido" CHECK ("mensajes"."estado" in ('pendiente', 'enviando', 'enviado', 'fallido', 'descartado'))
);
--> statement-breakpoint
ALTER TABLE "clinicas" ADD COLUMN "recordatorio_horas" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinicas" ADD COLUMN "cancelacion_horas" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinicas" ADD COLUMN "plantillas_mensajes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pacientes" ADD COLUMN "consentimiento_recordatorios" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pacientes" ADD COLUMN "consentimiento_recordatorios_por" text;--> statement-breakpoint
ALTER TABLE "pacientes" ADD COLUMN "consentimiento_comunicaciones" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pacientes" ADD COLUMN "consentimiento_comunicaciones_por" text;--> statement-breakpoint
ALTER TABLE "enlaces_cita" ADD CONSTRAINT "enlaces_cita_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enlaces_cita" ADD CONSTRAINT "enlaces_cita_cita_id_citas_id_fk" FOREIGN KEY ("cita_id") REFERENCES "public"."citas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensajes" ADD CONSTRAINT "mensajes_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensajes" ADD CONSTRAINT "mensajes_cita_id_citas_id_fk" FOREIGN KEY ("cita_id") REFERENCES "public"."citas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensajes" ADD CONSTRAINT "mensajes_paciente_id_pacientes_id_fk" FOREIGN KEY ("paciente_id") REFERENCES "public"."pacientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensajes" ADD CONSTRAINT "mensajes_enviado_por_usuarios_id_fk" FOREIGN KEY ("enviado_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enlaces_cita_token_key" ON "enlaces_cita" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "enlaces_cita_cita_idx" ON "enlaces_cita" USING btree ("cita_id");--> statement-breakpoint
CREATE INDEX "mensajes_por_enviar_idx" ON "mensajes" USING btree ("enviar_en") WHERE "mensajes"."estado" in ('pendiente', 'enviando');--> statement-breakpoint
CREATE INDEX "mensajes_cita_idx" ON "mensajes" USING btree ("cita_id","fecha_creacion" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "mensajes_recordatorio_key" ON "mensajes" USING btree ("cita_id","cita_inicio") WHERE "mensajes"."plantilla" = 'recordatorio';--> statement-breakpoint
ALTER TABLE "clinicas" ADD CONSTRAINT "clinicas_recordatorio_horas_validas" CHECK ("clinicas"."recordatorio_horas" between 1 and 168);--> statement-breakpoint
ALTER TABLE "clinicas" ADD CONSTRAINT "clinicas_cancelacion_horas_validas" CHECK ("clinicas"."cancelacion_horas" between 0 and 168);