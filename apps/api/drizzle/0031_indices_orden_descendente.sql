-- drizzle's .desc() made DESC NULLS LAST indexes, which a plain ORDER BY ... DESC (NULLS FIRST) cannot read in order:
-- PostgreSQL read every row of a patient (50 chart versions, 400 notes) and sorted them. Plain DESC now.
DROP INDEX "notas_clinicas_paciente_fecha_idx";--> statement-breakpoint
DROP INDEX "clinicas_publicadas_idx";--> statement-breakpoint
DROP INDEX "solicitudes_cita_clinica_idx";--> statement-breakpoint
DROP INDEX "noticias_fecha_idx";--> statement-breakpoint
DROP INDEX "notificaciones_usuario_seq_idx";--> statement-breakpoint
DROP INDEX "notificaciones_no_leidas_idx";--> statement-breakpoint
DROP INDEX "invitaciones_usuarios_clinica_idx";--> statement-breakpoint
DROP INDEX "auditoria_clinica_idx";--> statement-breakpoint
DROP INDEX "auditoria_paciente_idx";--> statement-breakpoint
DROP INDEX "auditoria_usuario_idx";--> statement-breakpoint
DROP INDEX "odontograma_versiones_paciente_version_key";--> statement-breakpoint
DROP INDEX "pedidos_clinica_fecha_idx";--> statement-breakpoint
DROP INDEX "pedidos_proveedor_fecha_idx";--> statement-breakpoint
DROP INDEX "antecedentes_paciente_idx";--> statement-breakpoint
DROP INDEX "consentimientos_paciente_fecha_idx";--> statement-breakpoint
CREATE INDEX "notas_clinicas_paciente_idx" ON "notas_clinicas" USING btree ("clinica_id","paciente_id","fecha_creacion" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "clinicas_publicadas_idx" ON "clinicas" USING btree ("destacada" DESC NULLS FIRST,"nombre","id") WHERE "clinicas"."publicada";--> statement-breakpoint
CREATE INDEX "solicitudes_cita_clinica_idx" ON "solicitudes_cita" USING btree ("clinica_id","fecha_creacion" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "noticias_fecha_idx" ON "noticias" USING btree ("fecha" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notificaciones_usuario_seq_idx" ON "notificaciones" USING btree ("user_id","clinica_id","seq" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notificaciones_no_leidas_idx" ON "notificaciones" USING btree ("user_id","clinica_id","seq" DESC NULLS FIRST) WHERE not "notificaciones"."leida";--> statement-breakpoint
CREATE INDEX "invitaciones_usuarios_clinica_idx" ON "invitaciones_usuarios" USING btree ("clinica_id","fecha_invitacion" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "auditoria_clinica_idx" ON "auditoria" USING btree ("clinica_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "auditoria_paciente_idx" ON "auditoria" USING btree ("clinica_id","paciente_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "auditoria_usuario_idx" ON "auditoria" USING btree ("clinica_id","usuario_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "odontograma_versiones_paciente_version_key" ON "odontograma_versiones" USING btree ("paciente_id","version" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "pedidos_clinica_fecha_idx" ON "pedidos" USING btree ("clinica_id","fecha_creacion" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "pedidos_proveedor_fecha_idx" ON "pedidos" USING btree ("proveedor_id","fecha_creacion" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "antecedentes_paciente_idx" ON "antecedentes" USING btree ("paciente_id","fecha_registro" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "consentimientos_paciente_fecha_idx" ON "consentimientos" USING btree ("clinica_id","paciente_id","fecha_firma" DESC NULLS FIRST);