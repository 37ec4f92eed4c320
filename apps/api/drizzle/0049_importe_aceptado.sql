ALTER TABLE "presupuestos" ADD COLUMN "importe_aceptado" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "presupuestos" ADD CONSTRAINT "presupuestos_importe_aceptado_no_negativo" CHECK ("presupuestos"."importe_aceptado" >= 0);--> statement-breakpoint
-- The budgets answered before: what each accepted is the sum of its accepted lines' totals (the common
-- lines and the one option chosen, which is what budgetTotals gives for them).
UPDATE "presupuestos" SET "importe_aceptado" = a."total"
FROM (SELECT "presupuesto_id", sum("total") AS "total" FROM "lineas_presupuesto" WHERE "aceptada" GROUP BY 1) a
WHERE a."presupuesto_id" = "presupuestos"."id";
