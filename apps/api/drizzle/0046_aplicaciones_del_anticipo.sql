-- 'Aplicar anticipo' (issue 25) applies what a payment left on account to what the patient owes later.
-- Those applications are marked, so the payment's receipt, printed again, still shows the payment as it
-- was taken: the lines it paid then and its advance. Every existing application was made with its payment.
ALTER TABLE "aplicaciones_cobro" ADD COLUMN "del_anticipo" boolean DEFAULT false NOT NULL;