-- The 'solicitud recibida' email (issue 24): a patient who books online while the clinic approves
-- bookings by hand (clinicas.reserva_requiere_aprobacion) is told at once that the clinic has the
-- request, through the outbox, in the booking's transaction; the approval still sends 'confirmacion'.
-- mensajes.plantilla's CHECK lists the templates (PLANTILLAS_GUARDADAS), so it gains 'reserva_recibida'.
ALTER TABLE "mensajes" DROP CONSTRAINT "mensajes_plantilla_valida";--> statement-breakpoint
ALTER TABLE "mensajes" ADD CONSTRAINT "mensajes_plantilla_valida" CHECK ("mensajes"."plantilla" in ('confirmacion', 'reserva_recibida', 'cambio', 'cancelacion', 'recordatorio', 'whatsapp', 'saldo', 'saldo_whatsapp'));