CREATE TABLE "archivos" (
	"clave" text PRIMARY KEY NOT NULL,
	"tipo_contenido" text NOT NULL,
	"contenido" "bytea" NOT NULL,
	"tamano" integer GENERATED ALWAYS AS (octet_length(contenido)) STORED NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_actualizacion" timestamp with time zone
);
