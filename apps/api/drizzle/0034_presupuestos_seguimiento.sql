ALTER TABLE "presupuestos" ADD COLUMN "proximo_seguimiento" date;--> statement-breakpoint
ALTER TABLE "presupuestos" ADD COLUMN "nota_seguimiento" text;--> statement-breakpoint
CREATE INDEX "presupuestos_seguimiento_idx" ON "presupuestos" USING btree ("clinica_id","proximo_seguimiento") WHERE "presupuestos"."estado" = 'enviado' and "presupuestos"."sustituido_por" is null;