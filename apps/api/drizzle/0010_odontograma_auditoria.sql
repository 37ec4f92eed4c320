CREATE TABLE "auditoria" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auditoria_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"clinica_id" uuid NOT NULL,
	"usuario_id" text NOT NULL,
	"usuario_nombre" text NOT NULL,
	"accion" text NOT NULL,
	"paciente_id" uuid,
	"direccion" text NOT NULL,
	"detalle" jsonb,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "odontograma_versiones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"paciente_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"carta" jsonb NOT NULL,
	"autor_id" text,
	"autor_nombre" text NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "odontograma_versiones_version_check" CHECK ("odontograma_versiones"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "pacientes" ADD COLUMN "fecha_archivado" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "odontograma_versiones" ADD CONSTRAINT "odontograma_versiones_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "odontograma_versiones" ADD CONSTRAINT "odontograma_versiones_paciente_id_pacientes_id_fk" FOREIGN KEY ("paciente_id") REFERENCES "public"."pacientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "odontograma_versiones" ADD CONSTRAINT "odontograma_versiones_autor_id_user_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_clinica_idx" ON "auditoria" USING btree ("clinica_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auditoria_paciente_idx" ON "auditoria" USING btree ("clinica_id","paciente_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auditoria_usuario_idx" ON "auditoria" USING btree ("clinica_id","usuario_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "odontograma_versiones_paciente_version_key" ON "odontograma_versiones" USING btree ("paciente_id","version" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "odontograma_versiones_clinica_idx" ON "odontograma_versiones" USING btree ("clinica_id");