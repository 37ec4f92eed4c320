-- Issue 25: payments (cobros) with gapless receipt numbers, their applications to treatments done and
-- accepted budget lines, each member's cash per day (cajas), and the outbox's balance reminders
-- (mensajes without an appointment). docs/decisions/0023.
CREATE TABLE "aplicaciones_cobro" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cobro_id" uuid NOT NULL,
	"clinica_id" uuid NOT NULL,
	"tratamiento_id" uuid,
	"linea_presupuesto_id" uuid,
	"importe" bigint NOT NULL,
	CONSTRAINT "aplicaciones_cobro_importe_valido" CHECK ("aplicaciones_cobro"."importe" > 0),
	CONSTRAINT "aplicaciones_cobro_una_partida" CHECK (("aplicaciones_cobro"."tratamiento_id" is null) <> ("aplicaciones_cobro"."linea_presupuesto_id" is null))
);
--> statement-breakpoint
CREATE TABLE "cajas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"usuario_id" text,
	"usuario_nombre" text NOT NULL,
	"dia" date NOT NULL,
	"estado" text DEFAULT 'abierta' NOT NULL,
	"fondo_inicial" bigint DEFAULT 0 NOT NULL,
	"fecha_apertura" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_cierre" timestamp with time zone,
	"totales" jsonb,
	"efectivo_esperado" bigint,
	"efectivo_contado" bigint,
	"diferencia" bigint,
	"nota" text,
	CONSTRAINT "cajas_estado_valido" CHECK ("cajas"."estado" in ('abierta', 'cerrada')),
	CONSTRAINT "cajas_fondo_no_negativo" CHECK ("cajas"."fondo_inicial" >= 0),
	CONSTRAINT "cajas_cierre_completo" CHECK ("cajas"."estado" = 'abierta' or ("cajas"."fecha_cierre" is not null and "cajas"."efectivo_contado" is not null and "cajas"."diferencia" is not null and "cajas"."totales" is not null))
);
--> statement-breakpoint
CREATE TABLE "cobros" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"paciente_id" uuid NOT NULL,
	"tipo" text DEFAULT 'cobro' NOT NULL,
	"numero" text,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"dia_caja" date NOT NULL,
	"caja_id" uuid NOT NULL,
	"importe" bigint NOT NULL,
	"moneda" text NOT NULL,
	"metodo" text NOT NULL,
	"referencia" text,
	"cobrado_por" text,
	"cobrado_por_nombre" text NOT NULL,
	"anticipo" bigint DEFAULT 0 NOT NULL,
	"anulado" boolean DEFAULT false NOT NULL,
	"anula_id" uuid,
	"motivo" text,
	CONSTRAINT "cobros_tipo_valido" CHECK ("cobros"."tipo" in ('cobro', 'anulacion')),
	CONSTRAINT "cobros_metodo_valido" CHECK ("cobros"."metodo" in ('efectivo', 'tarjeta', 'transferencia', 'bizum', 'nequi', 'daviplata')),
	CONSTRAINT "cobros_forma_valida" CHECK (("cobros"."tipo" = 'cobro' and "cobros"."importe" > 0 and "cobros"."numero" is not null and "cobros"."anula_id" is null and "cobros"."anticipo" between 0 and "cobros"."importe")
        or ("cobros"."tipo" = 'anulacion' and "cobros"."importe" < 0 and "cobros"."numero" is null and "cobros"."anula_id" is not null and "cobros"."motivo" is not null and not "cobros"."anulado"))
);
--> statement-breakpoint
CREATE TABLE "contadores_recibos" (
	"clinica_id" uuid NOT NULL,
	"anio" integer NOT NULL,
	"ultimo" integer NOT NULL,
	CONSTRAINT "contadores_recibos_clinica_id_anio_pk" PRIMARY KEY("clinica_id","anio")
);
--> statement-breakpoint
ALTER TABLE "mensajes" DROP CONSTRAINT "mensajes_plantilla_valida";--> statement-breakpoint
ALTER TABLE "mensajes" ALTER COLUMN "cita_inicio" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mensajes" ALTER COLUMN "cita_fin" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mensajes" ALTER COLUMN "dentista" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mensajes" ADD COLUMN "importe" bigint;--> statement-breakpoint
ALTER TABLE "aplicaciones_cobro" ADD CONSTRAINT "aplicaciones_cobro_cobro_id_cobros_id_fk" FOREIGN KEY ("cobro_id") REFERENCES "public"."cobros"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aplicaciones_cobro" ADD CONSTRAINT "aplicaciones_cobro_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aplicaciones_cobro" ADD CONSTRAINT "aplicaciones_cobro_tratamiento_id_tratamientos_realizados_id_fk" FOREIGN KEY ("tratamiento_id") REFERENCES "public"."tratamientos_realizados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aplicaciones_cobro" ADD CONSTRAINT "aplicaciones_cobro_linea_presupuesto_id_lineas_presupuesto_id_fk" FOREIGN KEY ("linea_presupuesto_id") REFERENCES "public"."lineas_presupuesto"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cajas" ADD CONSTRAINT "cajas_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cajas" ADD CONSTRAINT "cajas_usuario_id_user_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobros" ADD CONSTRAINT "cobros_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobros" ADD CONSTRAINT "cobros_paciente_id_pacientes_id_fk" FOREIGN KEY ("paciente_id") REFERENCES "public"."pacientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobros" ADD CONSTRAINT "cobros_caja_id_cajas_id_fk" FOREIGN KEY ("caja_id") REFERENCES "public"."cajas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobros" ADD CONSTRAINT "cobros_cobrado_por_user_id_fk" FOREIGN KEY ("cobrado_por") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobros" ADD CONSTRAINT "cobros_anula_id_cobros_id_fk" FOREIGN KEY ("anula_id") REFERENCES "public"."cobros"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contadores_recibos" ADD CONSTRAINT "contadores_recibos_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aplicaciones_cobro_cobro_idx" ON "aplicaciones_cobro" USING btree ("cobro_id");--> statement-breakpoint
CREATE INDEX "aplicaciones_cobro_tratamiento_idx" ON "aplicaciones_cobro" USING btree ("tratamiento_id");--> statement-breakpoint
CREATE INDEX "aplicaciones_cobro_linea_idx" ON "aplicaciones_cobro" USING btree ("linea_presupuesto_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cajas_clinica_usuario_dia_key" ON "cajas" USING btree ("clinica_id","usuario_id","dia");--> statement-breakpoint
CREATE INDEX "cajas_clinica_dia_idx" ON "cajas" USING btree ("clinica_id","dia" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "cobros_clinica_numero_key" ON "cobros" USING btree ("clinica_id","numero") WHERE "cobros"."numero" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "cobros_anula_key" ON "cobros" USING btree ("anula_id") WHERE "cobros"."anula_id" is not null;--> statement-breakpoint
CREATE INDEX "cobros_clinica_fecha_idx" ON "cobros" USING btree ("clinica_id","fecha");--> statement-breakpoint
CREATE INDEX "cobros_paciente_idx" ON "cobros" USING btree ("paciente_id","fecha");--> statement-breakpoint
CREATE INDEX "cobros_caja_idx" ON "cobros" USING btree ("caja_id");--> statement-breakpoint
ALTER TABLE "mensajes" ADD CONSTRAINT "mensajes_forma_valida" CHECK (case when "mensajes"."plantilla" in ('saldo', 'saldo_whatsapp') then "mensajes"."importe" is not null and "mensajes"."importe" > 0 else "mensajes"."cita_inicio" is not null and "mensajes"."cita_fin" is not null and "mensajes"."dentista" is not null end);--> statement-breakpoint
ALTER TABLE "mensajes" ADD CONSTRAINT "mensajes_plantilla_valida" CHECK ("mensajes"."plantilla" in ('confirmacion', 'cambio', 'cancelacion', 'recordatorio', 'whatsapp', 'saldo', 'saldo_whatsapp'));--> statement-breakpoint
-- The payments' and reports' permissions (issue 25), in the catalogue and in every existing clinic's default
-- roles as a new clinic gets them (packages/shared DEFAULT_ROLES): Administrador all five, Dentista cobros.ver,
-- Recepción cobros.ver, cobros.registrar and caja.cerrar. Custom roles get nothing.
INSERT INTO "permisos" ("nombre", "descripcion", "modulo") VALUES
  ('cobros.ver', 'Ver los cobros y el estado de cuenta de los pacientes', 'cobros'),
  ('cobros.registrar', 'Registrar cobros y enviar recibos', 'cobros'),
  ('cobros.anular', 'Anular cobros con un motivo', 'cobros'),
  ('caja.cerrar', 'Abrir y cerrar la caja propia del día', 'cobros'),
  ('reportes.ver', 'Ver los reportes de la clínica', 'reportes')
ON CONFLICT ("nombre") DO NOTHING;
--> statement-breakpoint
INSERT INTO "permisos_rol" ("rol_id", "permiso_id")
SELECT r."id", p."id"
FROM "roles_clinica" r
JOIN "permisos" p ON (
  r."nombre" = 'Administrador'
    AND p."nombre" IN ('cobros.ver', 'cobros.registrar', 'cobros.anular', 'caja.cerrar', 'reportes.ver')
  OR r."nombre" = 'Dentista' AND p."nombre" = 'cobros.ver'
  OR r."nombre" = 'Recepción' AND p."nombre" IN ('cobros.ver', 'cobros.registrar', 'caja.cerrar')
)
WHERE r."es_predeterminado"
ORDER BY r."id", p."id"
ON CONFLICT DO NOTHING;
