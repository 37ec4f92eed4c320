CREATE TABLE "invitaciones_usuarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"email" text NOT NULL,
	"nombres" text NOT NULL,
	"rol_id" uuid NOT NULL,
	"invitado_por" text,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"token_hash" text NOT NULL,
	"fecha_invitacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_expiracion" timestamp with time zone NOT NULL,
	"fecha_registro" timestamp with time zone,
	"usuario_id" text,
	CONSTRAINT "invitaciones_usuarios_estado_check" CHECK ("invitaciones_usuarios"."estado" in ('pendiente', 'registrado'))
);
--> statement-breakpoint
ALTER TABLE "invitaciones_usuarios" ADD CONSTRAINT "invitaciones_usuarios_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitaciones_usuarios" ADD CONSTRAINT "invitaciones_usuarios_rol_id_roles_clinica_id_fk" FOREIGN KEY ("rol_id") REFERENCES "public"."roles_clinica"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitaciones_usuarios" ADD CONSTRAINT "invitaciones_usuarios_invitado_por_user_id_fk" FOREIGN KEY ("invitado_por") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitaciones_usuarios" ADD CONSTRAINT "invitaciones_usuarios_usuario_id_user_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitaciones_usuarios_clinica_email_key" ON "invitaciones_usuarios" USING btree ("clinica_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "invitaciones_usuarios_token_key" ON "invitaciones_usuarios" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitaciones_usuarios_clinica_idx" ON "invitaciones_usuarios" USING btree ("clinica_id","fecha_invitacion" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invitaciones_usuarios_rol_idx" ON "invitaciones_usuarios" USING btree ("rol_id");