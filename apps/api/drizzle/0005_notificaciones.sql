CREATE TABLE "noticias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"titulo" text NOT NULL,
	"resumen" text NOT NULL,
	"contenido" text NOT NULL,
	"fecha" date NOT NULL,
	CONSTRAINT "noticias_titulo_unique" UNIQUE("titulo")
);
--> statement-breakpoint
CREATE TABLE "notificaciones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "notificaciones_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"clinica_id" uuid NOT NULL,
	"titulo" text NOT NULL,
	"mensaje" text NOT NULL,
	"tipo" text DEFAULT 'info' NOT NULL,
	"prioridad" text DEFAULT 'media' NOT NULL,
	"enlace" text,
	"leida" boolean DEFAULT false NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notificaciones_prioridad_check" CHECK ("notificaciones"."prioridad" in ('alta', 'media', 'baja'))
);
--> statement-breakpoint
ALTER TABLE "notificaciones" ADD CONSTRAINT "notificaciones_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificaciones" ADD CONSTRAINT "notificaciones_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "noticias_fecha_idx" ON "noticias" USING btree ("fecha" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notificaciones_usuario_seq_idx" ON "notificaciones" USING btree ("user_id","clinica_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notificaciones_no_leidas_idx" ON "notificaciones" USING btree ("user_id","clinica_id","seq" DESC NULLS LAST) WHERE not "notificaciones"."leida";