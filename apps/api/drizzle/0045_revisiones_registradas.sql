-- 'Revisiones pendientes' records its recalls (issue 24): an email or a WhatsApp message inviting a
-- patient back is a `mensajes` row, sent and by whom, as balance reminders are, so the desk sees each
-- patient's last recall and does not invite them twice. Recalls are sent at once, never queued: the
-- CHECK keeps them 'enviado', without an appointment or an amount.
ALTER TABLE "mensajes" DROP CONSTRAINT "mensajes_plantilla_valida";--> statement-breakpoint
ALTER TABLE "mensajes" DROP CONSTRAINT "mensajes_forma_valida";--> statement-breakpoint
CREATE INDEX "mensajes_revision_paciente_idx" ON "mensajes" USING btree ("paciente_id","fecha_creacion" DESC NULLS FIRST) WHERE "mensajes"."plantilla" in ('revision', 'revision_whatsapp');--> statement-breakpoint
ALTER TABLE "mensajes" ADD CONSTRAINT "mensajes_plantilla_valida" CHECK ("mensajes"."plantilla" in ('confirmacion', 'reserva_recibida', 'cambio', 'cancelacion', 'recordatorio', 'whatsapp', 'saldo', 'saldo_whatsapp', 'revision', 'revision_whatsapp'));--> statement-breakpoint
ALTER TABLE "mensajes" ADD CONSTRAINT "mensajes_forma_valida" CHECK (case when "mensajes"."plantilla" in ('saldo', 'saldo_whatsapp') then "mensajes"."importe" is not null and "mensajes"."importe" > 0 when "mensajes"."plantilla" in ('revision', 'revision_whatsapp') then "mensajes"."cita_id" is null and "mensajes"."importe" is null and "mensajes"."estado" = 'enviado' else "mensajes"."cita_inicio" is not null and "mensajes"."cita_fin" is not null and "mensajes"."dentista" is not null end);