-- Online booking (issue 24): dentists' working hours, the agenda's blocks, the clinic's booking rules and
-- recall interval, services bookable online, and holds: an appointment 'retenida' has no patient yet and
-- takes its slot under citas_sin_solape like any other until it is confirmed or deleted.
ALTER TABLE "citas" DROP CONSTRAINT "citas_estado_valido";
--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_estado_valido"
  CHECK ("estado" IN ('pendiente', 'confirmada', 'confirmada_paciente', 'en_sala', 'atendida', 'completada',
    'no_asistio', 'cancelada', 'cancelada_paciente', 'retenida'));
--> statement-breakpoint
CREATE TABLE "bloqueos_agenda" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"dentista_id" uuid,
	"inicio" timestamp with time zone NOT NULL,
	"fin" timestamp with time zone NOT NULL,
	"tipo" text NOT NULL,
	"motivo" text,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bloqueos_agenda_fin_despues_de_inicio" CHECK ("bloqueos_agenda"."fin" > "bloqueos_agenda"."inicio"),
	CONSTRAINT "bloqueos_agenda_tipo_valido" CHECK ("bloqueos_agenda"."tipo" in ('vacaciones', 'festivo', 'formacion', 'descanso', 'otro'))
);
--> statement-breakpoint
CREATE TABLE "horarios_dentista" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"dentista_id" uuid NOT NULL,
	"dia_semana" smallint NOT NULL,
	"hora_inicio" time NOT NULL,
	"hora_fin" time NOT NULL,
	CONSTRAINT "horarios_dentista_dia_valido" CHECK ("horarios_dentista"."dia_semana" between 1 and 7),
	CONSTRAINT "horarios_dentista_fin_despues_de_inicio" CHECK ("horarios_dentista"."hora_fin" > "horarios_dentista"."hora_inicio")
);
--> statement-breakpoint
CREATE TABLE "reservas_online" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"cita_id" uuid,
	"token_hash" text NOT NULL,
	"servicio_id" uuid NOT NULL,
	"nombres" text,
	"apellidos" text,
	"email" text,
	"telefono" text,
	"acepta_recordatorios" boolean DEFAULT false NOT NULL,
	"codigo_hash" text,
	"codigo_expira" timestamp with time zone,
	"intentos" integer DEFAULT 0 NOT NULL,
	"direccion" text NOT NULL,
	"desafio" text NOT NULL,
	"fecha_confirmacion" timestamp with time zone,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservas_online_token_key" UNIQUE("token_hash"),
	CONSTRAINT "reservas_online_desafio_key" UNIQUE("desafio")
);
--> statement-breakpoint
ALTER TABLE "citas" ALTER COLUMN "paciente_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "clinicas" ADD COLUMN "reserva_online" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clinicas" ADD COLUMN "reserva_antelacion_minutos" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinicas" ADD COLUMN "reserva_horizonte_dias" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinicas" ADD COLUMN "reserva_max_futuras" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinicas" ADD COLUMN "reserva_requiere_aprobacion" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clinicas" ADD COLUMN "revision_meses" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "citas" ADD COLUMN "retenida_hasta" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "citas" ADD COLUMN "online" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "reservable_online" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bloqueos_agenda" ADD CONSTRAINT "bloqueos_agenda_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bloqueos_agenda" ADD CONSTRAINT "bloqueos_agenda_dentista_id_dentistas_id_fk" FOREIGN KEY ("dentista_id") REFERENCES "public"."dentistas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horarios_dentista" ADD CONSTRAINT "horarios_dentista_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horarios_dentista" ADD CONSTRAINT "horarios_dentista_dentista_id_dentistas_id_fk" FOREIGN KEY ("dentista_id") REFERENCES "public"."dentistas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservas_online" ADD CONSTRAINT "reservas_online_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservas_online" ADD CONSTRAINT "reservas_online_cita_id_citas_id_fk" FOREIGN KEY ("cita_id") REFERENCES "public"."citas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bloqueos_agenda_clinica_idx" ON "bloqueos_agenda" USING btree ("clinica_id","inicio");--> statement-breakpoint
CREATE INDEX "bloqueos_agenda_dentista_idx" ON "bloqueos_agenda" USING btree ("dentista_id","inicio");--> statement-breakpoint
CREATE INDEX "horarios_dentista_dentista_idx" ON "horarios_dentista" USING btree ("dentista_id","dia_semana","hora_inicio");--> statement-breakpoint
CREATE INDEX "reservas_online_cita_idx" ON "reservas_online" USING btree ("cita_id");--> statement-breakpoint
CREATE INDEX "citas_retenidas_idx" ON "citas" USING btree ("retenida_hasta") WHERE "citas"."estado" = 'retenida';--> statement-breakpoint
ALTER TABLE "clinicas" ADD CONSTRAINT "clinicas_reserva_valida" CHECK ("clinicas"."reserva_antelacion_minutos" between 0 and 10080 and "clinicas"."reserva_horizonte_dias" between 1 and 365 and "clinicas"."reserva_max_futuras" between 1 and 20);--> statement-breakpoint
ALTER TABLE "clinicas" ADD CONSTRAINT "clinicas_revision_meses_validos" CHECK ("clinicas"."revision_meses" between 1 and 36);--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_paciente_salvo_retenida" CHECK (("citas"."estado" = 'retenida') = ("citas"."paciente_id" is null) and ("citas"."estado" = 'retenida') = ("citas"."retenida_hasta" is not null));--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_reservable_es_servicio" CHECK (not "productos"."reservable_online" or ("productos"."categoria" = 'servicio' and "productos"."duracion_minutos" is not null));