CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"onboarding_step" text DEFAULT 'pendiente' NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinicas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"nombre" text NOT NULL,
	"telefono" text,
	"logo_url" text,
	"direccion" text,
	"pais" text,
	"ciudad" text,
	"zona_horaria" text DEFAULT 'Europe/Madrid' NOT NULL,
	"es_proveedor" boolean DEFAULT false NOT NULL,
	"publicada" boolean DEFAULT false NOT NULL,
	"fecha_publicacion" timestamp with time zone,
	"descripcion" text,
	"especialidades" text[] DEFAULT '{}'::text[] NOT NULL,
	"servicios" text[] DEFAULT '{}'::text[] NOT NULL,
	"horario" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"email_publico" text,
	"sitio_web" text,
	"imagen_url" text,
	"doctores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"destacada" boolean DEFAULT false NOT NULL,
	"fecha_perfil_actualizado" timestamp with time zone,
	"nombre_busqueda" text GENERATED ALWAYS AS (odontia_normalizar(nombre)) STORED,
	"ciudad_busqueda" text GENERATED ALWAYS AS (odontia_normalizar(coalesce(ciudad, ''))) STORED,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_actualizacion" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "perfiles_usuario" (
	"id" text PRIMARY KEY NOT NULL,
	"nombres" text,
	"apellidos" text,
	"telefono" text,
	"foto_url" text,
	"fecha_actualizacion" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "permisos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text NOT NULL,
	"modulo" text NOT NULL,
	CONSTRAINT "permisos_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "permisos_rol" (
	"rol_id" uuid NOT NULL,
	"permiso_id" uuid NOT NULL,
	CONSTRAINT "permisos_rol_rol_id_permiso_id_pk" PRIMARY KEY("rol_id","permiso_id")
);
--> statement-breakpoint
CREATE TABLE "roles_clinica" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text,
	"es_predeterminado" boolean DEFAULT false NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminos_y_condiciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"contenido" text NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" text PRIMARY KEY NOT NULL,
	"clinica_id" uuid NOT NULL,
	"nombres" text NOT NULL,
	"email" text NOT NULL,
	"rol" text NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_actualizacion" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "usuarios_rol" (
	"usuario_id" text NOT NULL,
	"rol_id" uuid NOT NULL,
	CONSTRAINT "usuarios_rol_usuario_id_rol_id_pk" PRIMARY KEY("usuario_id","rol_id")
);
--> statement-breakpoint
CREATE TABLE "especialidades" (
	"id" text PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"icono" text NOT NULL,
	"descripcion" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solicitudes_cita" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"nombre" text NOT NULL,
	"email" text NOT NULL,
	"telefono" text,
	"mensaje" text NOT NULL,
	"fecha_preferida" date,
	"estado" text DEFAULT 'nueva' NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_actualizacion" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pacientes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinica_id" uuid NOT NULL,
	"nombres" text NOT NULL,
	"apellidos" text NOT NULL,
	"email" text,
	"telefono" text,
	"direccion" text,
	"fecha_nacimiento" date,
	"genero" text,
	"notas" text,
	"foto_url" text,
	"estado" text DEFAULT 'activo' NOT NULL,
	"ultima_visita" date,
	"proxima_visita" date,
	"busqueda" text GENERATED ALWAYS AS (odontia_normalizar(nombres || ' ' || apellidos || ' ' || coalesce(email, '') || ' ' || coalesce(telefono, ''))) STORED,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_actualizacion" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinicas" ADD CONSTRAINT "clinicas_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perfiles_usuario" ADD CONSTRAINT "perfiles_usuario_id_user_id_fk" FOREIGN KEY ("id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permisos_rol" ADD CONSTRAINT "permisos_rol_rol_id_roles_clinica_id_fk" FOREIGN KEY ("rol_id") REFERENCES "public"."roles_clinica"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permisos_rol" ADD CONSTRAINT "permisos_rol_permiso_id_permisos_id_fk" FOREIGN KEY ("permiso_id") REFERENCES "public"."permisos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles_clinica" ADD CONSTRAINT "roles_clinica_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_id_user_id_fk" FOREIGN KEY ("id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios_rol" ADD CONSTRAINT "usuarios_rol_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios_rol" ADD CONSTRAINT "usuarios_rol_rol_id_roles_clinica_id_fk" FOREIGN KEY ("rol_id") REFERENCES "public"."roles_clinica"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes_cita" ADD CONSTRAINT "solicitudes_cita_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacientes" ADD CONSTRAINT "pacientes_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "clinicas_user_id_key" ON "clinicas" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "clinicas_publicadas_idx" ON "clinicas" USING btree ("destacada" DESC NULLS LAST,"nombre","id") WHERE "clinicas"."publicada";--> statement-breakpoint
CREATE INDEX "clinicas_publicadas_ciudad_idx" ON "clinicas" USING btree ("ciudad_busqueda") WHERE "clinicas"."publicada";--> statement-breakpoint
CREATE INDEX "clinicas_especialidades_idx" ON "clinicas" USING gin ("especialidades") WHERE "clinicas"."publicada";--> statement-breakpoint
CREATE INDEX "clinicas_nombre_trgm_idx" ON "clinicas" USING gin ("nombre_busqueda" gin_trgm_ops) WHERE "clinicas"."publicada";--> statement-breakpoint
CREATE INDEX "permisos_rol_permiso_idx" ON "permisos_rol" USING btree ("permiso_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_clinica_nombre_key" ON "roles_clinica" USING btree ("clinica_id","nombre");--> statement-breakpoint
CREATE INDEX "usuarios_clinica_idx" ON "usuarios" USING btree ("clinica_id","nombres");--> statement-breakpoint
CREATE INDEX "usuarios_rol_rol_idx" ON "usuarios_rol" USING btree ("rol_id");--> statement-breakpoint
CREATE INDEX "solicitudes_cita_clinica_idx" ON "solicitudes_cita" USING btree ("clinica_id","fecha_creacion" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pacientes_clinica_orden_idx" ON "pacientes" USING btree ("clinica_id","apellidos","nombres","id");--> statement-breakpoint
CREATE INDEX "pacientes_busqueda_trgm_idx" ON "pacientes" USING gin ("clinica_id","busqueda" gin_trgm_ops);