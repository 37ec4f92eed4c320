import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  BUDGET_CHANNEL_LABELS,
  BUDGET_FACTOR_LOCK_MINUTES,
  BUDGET_FACTOR_TRIES,
  BUDGET_FACTOR_WINDOW_MINUTES,
  BUDGET_MESSAGES as M,
  acceptanceOf as acceptedSelection,
  budgetTotals,
  formatDate,
  formatDateTime,
  formatMoney,
  phoneLastFour,
  todayInZone,
  type Budget,
  type BudgetAcceptanceData,
  type BudgetChannel,
  type BudgetFactor,
  type BudgetFactorInput,
  type BudgetLinkInfo,
  type PublicBudget,
} from '@odontia/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { jsonArray, jsonObject, jsonTextOf, onlyWhen, selectList, type RowOf } from '../../db/column-map.ts';
import { isoTimestampSql, preparedStatement } from '../../db/prepared.ts';
import { parseJsonText } from '../../platform/json-text.ts';
import {
  aceptacionesPresupuesto,
  clinicas,
  enlacesPresupuesto,
  lineasPresupuesto,
  pacientes,
  presupuestos,
} from '../../db/schema/index.ts';
import { recordAudit, type AuditActor, type ClinicActor } from '../../platform/audit.ts';
import type { Deps } from '../../platform/context.ts';
import { AppError, badRequest, conflict, notFound, unprocessable } from '../../platform/errors.ts';
import { renderEmail } from '../../platform/mail.ts';
import { notify } from '../../platform/notifications.ts';
import { tooManyRequests } from '../../platform/rate-limit.ts';
import { checkSignature } from '../../platform/signature.ts';
import { renderBudgetPdf } from './budgets.pdf.ts';
import {
  budgetDay,
  budgetNotFound,
  budgetPdfFile,
  pdfClinic,
  acceptanceColumns,
  readBudget,
  shownState,
  signedPdfKey,
  type BudgetScope,
} from './budgets.service.ts';

/**
 * The patient's answer to a budget (issue 23): the email with its link, the link's second factor, and
 * the signed acceptance (from the link or at the desk) or the refusal. The link's token is kept only as
 * its SHA-256; its failed tries are counted on its row, so every instance shares the count. An
 * acceptance stores its signed PDF first, then writes the lines' answers, the state, the acceptance row
 * (with the PDF's SHA-256) and the clinic's notification in one transaction.
 */

const p = presupuestos;
const e = enlacesPresupuesto;
const linkNotFound = () => notFound(M.linkNotFound);
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const minutes = (n: number) => n * 60_000;
const fullName = (x: { nombres: string; apellidos: string }) => `${x.nombres} ${x.apellidos}`.trim();

/** The second factors a patient can answer: those the clinic holds for them. */
const factorsOf = (patient: { telefono: string | null; fechaNacimiento: string | null }): BudgetFactor[] => [
  ...(phoneLastFour(patient.telefono) ? (['telefono'] as const) : []),
  ...(patient.fechaNacimiento ? (['nacimiento'] as const) : []),
];

// ---------------------------------------------------------------------------------------------------------
// Sending by email

/**
 * Emails the budget to its patient: a new link (the earlier links of this version keep working) and the
 * PDF attached. A draft becomes sent in the same transaction; if the email cannot be sent, the link is
 * deleted and a draft goes back to draft, and the member is told. Null when not the clinic's.
 */
export async function sendBudgetByEmail(deps: Deps, actor: ClinicActor, id: string): Promise<{ email: string } | null> {
  const { db, storage, mailer, config, logger } = deps;
  const token = randomBytes(32).toString('base64url');
  const sent = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        estado: p.estado,
        sustituidoPor: p.sustituidoPor,
        validoHasta: p.validoHasta,
        pacienteId: p.pacienteId,
        numero: p.numero,
        email: pacientes.email,
        telefono: pacientes.telefono,
        fechaNacimiento: pacientes.fechaNacimiento,
        lineas: sql<number>`(select count(*)::int from ${lineasPresupuesto} where ${lineasPresupuesto.presupuestoId} = ${p.id})`,
      })
      .from(p)
      .innerJoin(pacientes, eq(pacientes.id, p.pacienteId))
      .where(and(eq(p.id, id), eq(p.clinicaId, actor.clinicaId)))
      .for('update', { of: p });
    if (!row) return null;
    const expired = row.estado === 'enviado' && row.validoHasta < todayInZone(actor.zonaHoraria);
    if (row.sustituidoPor || (row.estado !== 'borrador' && row.estado !== 'enviado') || expired) {
      throw conflict(M.notSendable);
    }
    if (row.lineas === 0) throw unprocessable(M.noLines, 'lineas');
    if (!row.email) throw unprocessable(M.noEmail, 'email');
    if (factorsOf(row).length === 0) throw unprocessable(M.noSecondFactor, 'email');
    const [link] = await tx
      .insert(e)
      .values({ clinicaId: actor.clinicaId, presupuestoId: id, tokenHash: tokenHash(token), email: row.email })
      .returning({ id: e.id });
    const wasDraft = row.estado === 'borrador';
    if (wasDraft) await tx.update(p).set({ estado: 'enviado', fechaEnvio: new Date() }).where(eq(p.id, id));
    await recordAudit(tx, actor, {
      accion: 'presupuesto.enviar_email',
      pacienteId: row.pacienteId,
      detalle: { presupuesto: row.numero },
    });
    return { email: row.email, linkId: link.id, wasDraft };
  });
  if (!sent) return null;

  try {
    const budget = (await readBudget(db, actor, id))!;
    const { bytes, fileName } = await budgetPdfFile(db, storage, actor, budget);
    const { clinica } = await pdfClinic(db, storage, actor.clinicaId);
    const url = `${config.appUrl}/presupuesto/${token}`;
    const { text, html } = renderEmail({
      title: `Tu presupuesto ${budget.numero}`,
      paragraphs: [
        `Hola ${budget.paciente.nombres}: ${clinica.nombre} te envía tu presupuesto ${budget.numero} ${amountInEmail(budget)}, válido hasta el ${formatDate(budget.validoHasta)}. Lo tienes también en PDF en este email.`,
        'Desde el enlace puedes revisarlo, elegir los tratamientos y aceptarlo con tu firma. Para abrirlo te pediremos los 4 últimos dígitos de tu teléfono o tu fecha de nacimiento.',
      ],
      action: { label: 'Ver y aceptar el presupuesto', url },
    });
    await mailer.send({
      to: sent.email,
      subject: M.emailSubject(clinica.nombre),
      text,
      html,
      attachments: [{ filename: fileName, content: bytes, contentType: 'application/pdf' }],
    });
  } catch (error) {
    logger.error({ err: error }, 'no se pudo enviar el presupuesto por email');
    await db.transaction(async (tx) => {
      await tx.delete(e).where(eq(e.id, sent.linkId));
      if (sent.wasDraft) {
        await tx
          .update(p)
          .set({ estado: 'borrador', fechaEnvio: null })
          .where(and(eq(p.id, id), eq(p.estado, 'enviado')));
      }
    });
    throw new AppError(503, 'service_unavailable', M.emailError);
  }
  return { email: sent.email };
}

// ---------------------------------------------------------------------------------------------------------
// The link and its second factor

/** A link with what its pages need: the budget version, the clinic (and its zone) and the patient's facts. */
const linkColumns = {
  id: e.id,
  presupuestoId: e.presupuestoId,
  clinicaId: e.clinicaId,
  fallos: e.fallos,
  primerFallo: e.primerFallo,
  bloqueadoHasta: e.bloqueadoHasta,
  clinicaNombre: clinicas.nombre,
  logoUrl: clinicas.logoUrl,
  zonaHoraria: clinicas.zonaHoraria,
  clinicaTelefono: clinicas.telefono,
  clinicaDireccion: clinicas.direccion,
  clinicaCiudad: clinicas.ciudad,
  telefono: pacientes.telefono,
  fechaNacimiento: pacientes.fechaNacimiento,
};

/** What the budget's email says it costs: its total, or each option's, which are alternatives. */
const amountInEmail = ({ totales, total, moneda }: Budget) =>
  totales.opciones.length
    ? `por ${totales.opciones.map((o) => `${formatMoney(o.totalConComun, moneda)} con la opción ${o.opcion}`).join(' o ')}`
    : `por ${formatMoney(total, moneda)}`;

/** The link by its token's hash (its patient still on file), optionally locked for its failure count. */
const linkQuery = (lock: boolean) => sql`select ${selectList(linkColumns)}
  from ${e}
  join ${p} on ${p.id} = ${e.presupuestoId}
  join ${clinicas} on ${clinicas.id} = ${e.clinicaId}
  join ${pacientes} on ${pacientes.id} = ${p.pacienteId} and ${pacientes.fechaArchivado} is null
  where ${e.tokenHash} = ${sql.placeholder('tokenHash')}
  ${lock ? sql`for update of ${e}` : sql``}`;
type LinkRow = RowOf<typeof linkColumns>;
const linkStatement = preparedStatement<LinkRow, { tokenHash: string }>('odontia_enlace_presupuesto', linkQuery(false));
const lockedLinkStatement = preparedStatement<LinkRow, { tokenHash: string }>(
  'odontia_enlace_presupuesto_bloqueo',
  linkQuery(true),
);

/** A timestamp as the drivers hand it over in a raw row (node-postgres: text). */
const instant = (value: Date | string | null) => (value === null ? null : new Date(value));

async function findLink(db: Executor, token: string, lock = false) {
  const [row] = await (lock ? lockedLinkStatement : linkStatement)(db, { tokenHash: tokenHash(token) });
  return row ? { ...row, primerFallo: instant(row.primerFallo), bloqueadoHasta: instant(row.bloqueadoHasta) } : null;
}
export type BudgetLink = NonNullable<Awaited<ReturnType<typeof findLink>>>;

/** What the link's page shows first: the clinic, the factors the patient may answer, and any lock. */
export async function linkInfo(db: Database, token: string, now = new Date()): Promise<BudgetLinkInfo> {
  const link = await findLink(db, token);
  if (!link) throw linkNotFound();
  return {
    clinica: { nombre: link.clinicaNombre, logoUrl: link.logoUrl },
    factores: factorsOf(link),
    bloqueadoHasta: link.bloqueadoHasta && link.bloqueadoHasta > now ? link.bloqueadoHasta.toISOString() : null,
  };
}

const same = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/**
 * Checks the second factor against the patient's record, counting on the link's row (locked): 5 failures
 * within 15 minutes lock the link for an hour (a 429 with Retry-After), and a right answer clears the
 * count. A failure is committed before it is answered, so it always counts. Answers the link.
 */
export async function verifyFactor(
  db: Database,
  token: string,
  input: BudgetFactorInput,
  now = new Date(),
): Promise<BudgetLink> {
  const outcome = await db.transaction(async (tx) => {
    const link = await findLink(tx, token, true);
    if (!link) return { kind: 'missing' as const };
    if (link.bloqueadoHasta && link.bloqueadoHasta > now) {
      return { kind: 'locked' as const, until: link.bloqueadoHasta };
    }
    const expected = input.tipo === 'telefono' ? phoneLastFour(link.telefono) : (link.fechaNacimiento as string | null);
    if (expected !== null && same(expected, input.valor.trim())) {
      if (link.fallos > 0 || link.bloqueadoHasta) {
        await tx.update(e).set({ fallos: 0, primerFallo: null, bloqueadoHasta: null }).where(eq(e.id, link.id));
      }
      return { kind: 'ok' as const, link };
    }
    const windowOpen =
      link.primerFallo && now.getTime() - link.primerFallo.getTime() < minutes(BUDGET_FACTOR_WINDOW_MINUTES);
    const fallos = windowOpen ? link.fallos + 1 : 1;
    if (fallos >= BUDGET_FACTOR_TRIES) {
      const until = new Date(now.getTime() + minutes(BUDGET_FACTOR_LOCK_MINUTES));
      await tx.update(e).set({ fallos: 0, primerFallo: null, bloqueadoHasta: until }).where(eq(e.id, link.id));
      return { kind: 'locked' as const, until };
    }
    await tx
      .update(e)
      .set({ fallos, primerFallo: windowOpen ? link.primerFallo : now, bloqueadoHasta: null })
      .where(eq(e.id, link.id));
    return { kind: 'wrong' as const, left: BUDGET_FACTOR_TRIES - fallos };
  });
  switch (outcome.kind) {
    case 'missing':
      throw linkNotFound();
    case 'locked':
      throw tooManyRequests(M.factorLocked, outcome.until.getTime() - now.getTime());
    case 'wrong':
      throw badRequest(M.factorWrong(outcome.left), { valor: M.factorWrong(outcome.left) });
    case 'ok':
      return outcome.link;
  }
}

/** The link by its token, once its second factor was answered (the caller checked the access cookie). */
export async function openLink(db: Database, token: string, linkId: string | null): Promise<BudgetLink> {
  const link = await findLink(db, token);
  if (!link) throw linkNotFound();
  if (link.id !== linkId) throw new AppError(401, 'unauthorized', M.accessRequired);
  return link;
}

const scopeOf = (link: BudgetLink): BudgetScope => ({ clinicaId: link.clinicaId, zonaHoraria: link.zonaHoraria });

const l = lineasPresupuesto;
const a = aceptacionesPresupuesto;
/**
 * A link's budget version as its patient's page shows it, written as JSON by PostgreSQL in one prepared
 * statement (the hottest public read): the lines in order with their answers, and the acceptance.
 */
const patientViewColumns = {
  vista: jsonTextOf(
    jsonObject({
      paciente: jsonObject({ nombres: pacientes.nombres, apellidos: pacientes.apellidos }),
      numero: p.numero,
      version: p.version,
      estado: shownState(sql.placeholder('today')),
      moneda: p.moneda,
      validoHasta: p.validoHasta,
      condiciones: p.condiciones,
      lineas: jsonArray(
        jsonObject({
          id: l.id,
          descripcion: l.descripcion,
          diente: l.diente,
          superficies: l.superficies,
          cantidad: l.cantidad,
          fase: l.fase,
          opcion: l.opcion,
          puntosBasicos: l.puntosBasicos,
          importes: jsonObject({
            bruto: l.bruto,
            descuento: l.descuento,
            base: l.base,
            impuesto: l.impuesto,
            total: l.total,
          }),
          aceptada: l.aceptada,
        }),
        sql`${l} where ${l.presupuestoId} = ${p.id}`,
        sql`${l.orden}`,
      ),
      sustituido: sql<boolean>`${p.sustituidoPor} is not null`,
      motivoRechazo: p.motivoRechazo,
      aceptacion: onlyWhen(
        sql`${a.presupuestoId} is not null`,
        jsonObject({ fecha: isoTimestampSql(a.fecha), ...acceptanceColumns }),
      ),
    }),
  ),
};
const patientViewStatement = preparedStatement<
  RowOf<typeof patientViewColumns>,
  { presupuestoId: string; clinicaId: string; today: string }
>(
  'odontia_presupuesto_paciente',
  sql`select ${selectList(patientViewColumns)}
    from ${p}
    join ${pacientes} on ${pacientes.id} = ${p.pacienteId}
    left join ${a} on ${a.presupuestoId} = ${p.id}
    where ${p.id} = ${sql.placeholder('presupuestoId')} and ${p.clinicaId} = ${sql.placeholder('clinicaId')}`,
);

/** The budget of a link for its patient: the version sent, its lines and totals, and its answer. */
export async function publicBudget(db: Executor, link: BudgetLink): Promise<PublicBudget> {
  const [row] = await patientViewStatement(db, {
    presupuestoId: link.presupuestoId,
    clinicaId: link.clinicaId,
    today: todayInZone(link.zonaHoraria),
  });
  if (!row) throw linkNotFound();
  const view = parseJsonText(row.vista);
  return {
    clinica: {
      nombre: link.clinicaNombre,
      logoUrl: link.logoUrl,
      telefono: link.clinicaTelefono,
      direccion: link.clinicaDireccion,
      ciudad: link.clinicaCiudad,
      zonaHoraria: link.zonaHoraria,
    },
    ...view,
    totales: budgetTotals(view.lineas),
  };
}

/** The link's budget PDF for its patient (the signed one once accepted). */
export async function publicBudgetPdf(db: Database, deps: Pick<Deps, 'storage'>, link: BudgetLink) {
  const budget = await readBudget(db, scopeOf(link), link.presupuestoId);
  if (!budget) throw linkNotFound();
  return budgetPdfFile(db, deps.storage, scopeOf(link), budget);
}

// ---------------------------------------------------------------------------------------------------------
// The answer

/** Whether a budget may still be answered: the current version, sent (a draft too at the desk), in date. */
const answerable = (budget: Budget, canal: BudgetChannel) =>
  !budget.sustituidoPor && (budget.estado === 'enviado' || (canal === 'consulta' && budget.estado === 'borrador'));

/** Who answers and from where: the patient through the link, or a member at the desk. */
export type AnswerSource =
  | { canal: 'enlace'; direccion: string; navegador: string }
  | { canal: 'consulta'; direccion: string; navegador: string; actor: AuditActor };

/**
 * Records the patient's signed acceptance of the lines chosen (of the common part and of one option).
 * The signature is checked by its bytes; the signed PDF (the budget with each line's answer, the
 * signature, the signer, the time and the channel) is stored first, then one transaction re-checks the
 * budget did not change meanwhile and writes the answer, the state (`aceptado` when every offered line is
 * in, else `aceptado_parcialmente`), the acceptance with the PDF's SHA-256, the clinic's notification and,
 * at the desk, the audit row. A stored file whose transaction fails is deleted.
 */
export async function acceptBudget(
  deps: Pick<Deps, 'db' | 'storage'>,
  scope: BudgetScope,
  id: string,
  data: BudgetAcceptanceData,
  source: AnswerSource,
): Promise<void> {
  const { db, storage } = deps;
  const budget = await readBudget(db, scope, id);
  if (!budget) throw budgetNotFound();
  if (!answerable(budget, source.canal)) throw conflict(M.notAnswerable);
  const choice = acceptedSelection(budget.lineas, data);
  if (!choice.ok) throw unprocessable(choice.message, choice.message === M.selectionRequired ? 'lineas' : 'opcion');
  const firma = await checkSignature(data.firma, 'firma');

  const now = new Date();
  const estado = choice.completo ? 'aceptado' : 'aceptado_parcialmente';
  const answered: Budget = {
    ...budget,
    estado,
    lineas: budget.lineas.map((l) => ({ ...l, aceptada: choice.lineas.has(l.id) })),
  };
  const importeAceptado = budgetTotals(answered.lineas.filter((l) => l.aceptada)).total;
  const { clinica, logo } = await pdfClinic(db, storage, scope.clinicaId);
  const pdf = await renderBudgetPdf({
    budget: answered,
    clinica,
    logo,
    fecha: budgetDay(scope, budget),
    firma: {
      png: firma,
      firmante: data.firmante,
      fecha: formatDateTime(now, scope.zonaHoraria),
      canal: BUDGET_CHANNEL_LABELS[source.canal],
      opcion: data.opcion,
    },
  });
  const pdfSha256 = createHash('sha256').update(pdf).digest('hex');
  const key = signedPdfKey(scope.clinicaId, id);
  await storage.put(key, pdf, 'application/pdf');
  try {
    await db.transaction(async (tx) => {
      // Signed as read: the same state, still the current version, the same lines (a draft's save replaces them).
      const [current] = await tx
        .select({ estado: p.estado, sustituidoPor: p.sustituidoPor })
        .from(p)
        .where(and(eq(p.id, id), eq(p.clinicaId, scope.clinicaId)))
        .for('update');
      const lineIds = await tx
        .select({ id: lineasPresupuesto.id })
        .from(lineasPresupuesto)
        .where(eq(lineasPresupuesto.presupuestoId, id));
      const unchanged =
        current?.estado === budget.estado &&
        !current.sustituidoPor &&
        lineIds.length === budget.lineas.length &&
        lineIds.every((l) => budget.lineas.some((b) => b.id === l.id));
      if (!unchanged) throw conflict(M.notAnswerable);
      await tx
        .update(lineasPresupuesto)
        .set({ aceptada: sql`${inArray(lineasPresupuesto.id, [...choice.lineas])}` })
        .where(eq(lineasPresupuesto.presupuestoId, id));
      await tx
        .update(p)
        .set({
          estado,
          importeAceptado,
          fechaRespuesta: now,
          ...(budget.estado === 'borrador' ? { fechaEnvio: now } : {}),
        })
        .where(eq(p.id, id));
      await tx.insert(aceptacionesPresupuesto).values({
        presupuestoId: id,
        clinicaId: scope.clinicaId,
        canal: source.canal,
        firmante: data.firmante,
        opcion: data.opcion,
        fecha: now,
        direccion: source.direccion,
        navegador: source.navegador.slice(0, 500),
        registradoPor: source.canal === 'consulta' ? source.actor.userId : null,
        archivoClave: key,
        pdfSha256,
        bytes: pdf.byteLength,
      });
      const total = formatMoney(importeAceptado, budget.moneda);
      await notify(tx, {
        clinicaId: scope.clinicaId,
        permiso: 'presupuestos.ver',
        titulo: estado === 'aceptado' ? M.acceptedTitle : 'Presupuesto aceptado en parte',
        mensaje: `${fullName(budget.paciente)} ha firmado ${estado === 'aceptado' ? 'la aceptación' : 'la aceptación parcial'} del presupuesto ${budget.numero} (${total}).`,
        prioridad: 'alta',
        enlace: `/presupuestos/${id}`,
        tipo: 'presupuesto',
      });
      if (source.canal === 'consulta') {
        await recordAudit(tx, source.actor, {
          accion: 'presupuesto.aceptar',
          pacienteId: budget.paciente.id,
          detalle: { presupuesto: budget.numero },
        });
      }
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/** The patient's refusal through the link, with their reason if any; the clinic is notified. */
export async function rejectBudgetByPatient(db: Database, link: BudgetLink, motivo: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const budget = await readBudget(tx, scopeOf(link), link.presupuestoId);
    if (!budget || !answerable(budget, 'enlace')) throw conflict(M.notAnswerable);
    const updated = await tx
      .update(p)
      .set({ estado: 'rechazado', fechaRespuesta: new Date(), motivoRechazo: motivo })
      .where(and(eq(p.id, budget.id), eq(p.estado, 'enviado'), isNull(p.sustituidoPor)))
      .returning({ id: p.id });
    if (updated.length === 0) throw conflict(M.notAnswerable);
    await notify(tx, {
      clinicaId: link.clinicaId,
      permiso: 'presupuestos.ver',
      titulo: M.rejectedTitle,
      mensaje: `${fullName(budget.paciente)} ha rechazado el presupuesto ${budget.numero}${motivo ? `: «${motivo}»` : '.'}`,
      prioridad: 'alta',
      enlace: `/presupuestos/${budget.id}`,
      tipo: 'presupuesto',
    });
  });
}
