CREATE TABLE "citas_version" (
	"clinica_id" uuid NOT NULL,
	"dentista_id" uuid NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "citas_version_clinica_id_dentista_id_pk" PRIMARY KEY("clinica_id","dentista_id")
);
