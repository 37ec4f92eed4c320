-- The states of the day (issue 24, DESIGN §1): confirmed or cancelled by the patient, en sala, atendida,
-- no asistió. An appointment cancelled by the patient frees its slot like one cancelled by the clinic.
ALTER TABLE "citas" DROP CONSTRAINT "citas_estado_valido";
--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_estado_valido"
  CHECK ("estado" IN ('pendiente', 'confirmada', 'confirmada_paciente', 'en_sala', 'atendida', 'completada',
    'no_asistio', 'cancelada', 'cancelada_paciente'));
--> statement-breakpoint
ALTER TABLE "citas" DROP CONSTRAINT "citas_sin_solape";
--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_sin_solape"
  EXCLUDE USING gist ("dentista_id" WITH =, tstzrange("inicio", "fin") WITH &&)
  WHERE ("estado" NOT IN ('cancelada', 'cancelada_paciente'));
