CREATE TABLE "contadores_presupuestos" (
	"clinica_id" uuid NOT NULL,
	"anio" integer NOT NULL,
	"ultimo" integer NOT NULL,
	CONSTRAINT "contadores_presupuestos_clinica_id_anio_pk" PRIMARY KEY("clinica_id","anio")
);
--> statement-breakpoint
CREATE TABLE "lineas_presupuesto" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"presupuesto_id" uuid NOT NULL,
	"orden" integer NOT NULL,
	"servicio_id" uuid,
	"descripcion" text NOT NULL,
	"diente" integer,
	"superficies" text[] DEFAULT '{}'::text[] NOT NULL,
	"cantidad" integer NOT NULL,
	"precio_unitario" bigint NOT NULL,
	"descuento_tipo" text,
	"descuento_valor" bigint DEFAULT 0 NOT NULL,
	"tipo_impuesto" text NOT NULL,
	"puntos_basicos" integer NOT NULL,
	"fase" integer DEFAULT 1 NOT NULL,
	"opcion" text,
	"bruto" bigint NOT NULL,
	"descuento" bigint NOT NULL,
	"base" bigint NOT NULL,
	"impuesto" bigint NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "lineas_presupuesto_cantidad_valida" CHECK ("lineas_presupuesto"."cantidad" between 1 and 1000),
	CONSTRAINT "lineas_presupuesto_importes_validos" CHECK ("lineas_presupuesto"."precio_unitario" >= 0 and "lineas_presupuesto"."descuento" between 0 and "lineas_presupuesto"."bruto" and "lineas_presupuesto"."base" = "lineas_presupuesto"."bruto" - "lineas_presupuesto"."descuento" and "lineas_presupuesto"."total" = "lineas_presupuesto"."base" + "lineas_presupuesto"."impuesto")
);
--> statement-breakpoint
CREATE TABLE "presupuestos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"paciente_id" uuid NOT NULL,
	"numero" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"estado" text DEFAULT 'borrador' NOT NULL,
	"moneda" text NOT NULL,
	"valido_hasta" date NOT NULL,
	"condiciones" text,
	"total" bigint DEFAULT 0 NOT NULL,
	"autor_id" text,
	"autor_nombre" text NOT NULL,
	"sustituido_por" uuid,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_actualizacion" timestamp with time zone,
	"fecha_envio" timestamp with time zone,
	"fecha_respuesta" timestamp with time zone,
	CONSTRAINT "presupuestos_estado_valido" CHECK ("presupuestos"."estado" in ('borrador', 'enviado', 'aceptado', 'aceptado_parcialmente', 'rechazado', 'caducado')),
	CONSTRAINT "presupuestos_total_no_negativo" CHECK ("presupuestos"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "contadores_presupuestos" ADD CONSTRAINT "contadores_presupuestos_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lineas_presupuesto" ADD CONSTRAINT "lineas_presupuesto_presupuesto_id_presupuestos_id_fk" FOREIGN KEY ("presupuesto_id") REFERENCES "public"."presupuestos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lineas_presupuesto" ADD CONSTRAINT "lineas_presupuesto_servicio_id_productos_id_fk" FOREIGN KEY ("servicio_id") REFERENCES "public"."productos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presupuestos" ADD CONSTRAINT "presupuestos_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presupuestos" ADD CONSTRAINT "presupuestos_paciente_id_pacientes_id_fk" FOREIGN KEY ("paciente_id") REFERENCES "public"."pacientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presupuestos" ADD CONSTRAINT "presupuestos_autor_id_user_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lineas_presupuesto_presupuesto_idx" ON "lineas_presupuesto" USING btree ("presupuesto_id","orden");--> statement-breakpoint
CREATE UNIQUE INDEX "presupuestos_clinica_numero_version_key" ON "presupuestos" USING btree ("clinica_id","numero","version");--> statement-breakpoint
CREATE INDEX "presupuestos_clinica_fecha_idx" ON "presupuestos" USING btree ("clinica_id","fecha_creacion" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "presupuestos_paciente_idx" ON "presupuestos" USING btree ("paciente_id","fecha_creacion" DESC NULLS FIRST);--> statement-breakpoint
-- The budgets' permissions (issue 23), in the catalogue and in every existing clinic's default roles as
-- a new clinic gets them (packages/shared DEFAULT_ROLES): Administrador and Dentista all three,
-- Asistente presupuestos.ver, Recepción presupuestos.ver and presupuestos.enviar. Custom roles get nothing.
INSERT INTO "permisos" ("nombre", "descripcion", "modulo") VALUES
  ('presupuestos.ver', 'Ver los presupuestos de los pacientes', 'presupuestos'),
  ('presupuestos.editar', 'Crear y modificar presupuestos y registrar su respuesta', 'presupuestos'),
  ('presupuestos.enviar', 'Enviar presupuestos a los pacientes', 'presupuestos')
ON CONFLICT ("nombre") DO NOTHING;
--> statement-breakpoint
INSERT INTO "permisos_rol" ("rol_id", "permiso_id")
SELECT r."id", p."id"
FROM "roles_clinica" r
JOIN "permisos" p ON (
  r."nombre" IN ('Administrador', 'Dentista')
    AND p."nombre" IN ('presupuestos.ver', 'presupuestos.editar', 'presupuestos.enviar')
  OR r."nombre" = 'Asistente' AND p."nombre" = 'presupuestos.ver'
  OR r."nombre" = 'Recepción' AND p."nombre" IN ('presupuestos.ver', 'presupuestos.enviar')
)
WHERE r."es_predeterminado"
ORDER BY r."id", p."id"
ON CONFLICT DO NOTHING;
