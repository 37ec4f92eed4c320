import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  CONSENT_MESSAGES as M,
  consentFileName,
  consentInputSchema,
  DEFAULT_CONSENT_TEMPLATES,
  FIELD_MESSAGES,
  SIGNATURE_MAX_BYTES,
  todayInZone,
} from '@odontia/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { auditoria, consentimientos, pacientes, plantillasConsentimientos } from '../../db/schema/index.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { addTeamMember, createClinicOwner, createTestApp, errorOf, type TestApp } from '../../test/app.ts';
import { drawnSignaturePng as signaturePng } from '../../platform/signature.ts';
import { signConsent } from './consents.service.ts';

let t: TestApp;
type Owner = Awaited<ReturnType<typeof createClinicOwner>>;
let ana: Owner;
let beto: Owner;
let dentista: { cookie: string; userId: string };
let asistente: { cookie: string };
let recepcion: { cookie: string };
let general: string;
let extraccion: string;
let png: string;
let png2: string;

const dataUrl = (b64: string) => `data:image/png;base64,${b64}`;

beforeAll(async () => {
  t = await createTestApp();
  ana = await createClinicOwner(t, { nombre: 'Clínica Ana' });
  beto = await createClinicOwner(t, { nombre: 'Clínica Beto' });
  dentista = await addTeamMember(t, ana.clinica.id, 'Dentista', 'dentista');
  asistente = await addTeamMember(t, ana.clinica.id, 'Asistente', 'asistente');
  recepcion = await addTeamMember(t, ana.clinica.id, 'Recepción', 'recepcion');
  const templates = await t.db
    .select({ id: plantillasConsentimientos.id, titulo: plantillasConsentimientos.titulo })
    .from(plantillasConsentimientos)
    .where(eq(plantillasConsentimientos.clinicaId, ana.clinica.id));
  general = templates.find((x) => x.titulo === DEFAULT_CONSENT_TEMPLATES[0].titulo)!.id;
  extraccion = templates.find((x) => x.titulo === DEFAULT_CONSENT_TEMPLATES[1].titulo)!.id;
  png = (await signaturePng(() => 0.3)).toString('base64');
  png2 = (await signaturePng(() => 0.7)).toString('base64');
});
afterAll(() => t.close());

async function newPatient(owner: { cookie: string }, fields: { nombres?: string; fechaNacimiento?: string } = {}) {
  const res = await t
    .client(owner.cookie)
    .pacientes.$post({ json: { nombres: fields.nombres ?? 'Lucía', apellidos: 'Gómez', ...fields } });
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

const send = (cookie: string, path: string, json?: unknown, method = 'POST') =>
  t.request(path, { method, cookie, ...(json === undefined ? {} : { json }) });

const consentBody = (extra: Record<string, unknown> = {}) => ({
  plantillaId: general,
  firmante: 'paciente',
  firmaPaciente: dataUrl(png),
  firmaProfesional: png2,
  ...extra,
});

/** What must not move when input is refused: the consents and the audit rows of the clinic. */
async function snapshot() {
  const [{ n: consents }] = await t.db.select({ n: count() }).from(consentimientos);
  const [{ n: audits }] = await t.db
    .select({ n: count() })
    .from(auditoria)
    .where(eq(auditoria.clinicaId, ana.clinica.id));
  return { consents, audits };
}

type Listed = {
  id: string;
  titulo: string;
  fecha: string;
  firmante: string;
  tutor: { nombre: string; relacion: string } | null;
  profesional: { id: string; nombre: string };
  sha256: string;
  bytes: number;
};

async function list(cookie: string, pacienteId: string) {
  const res = await send(cookie, `/api/pacientes/${pacienteId}/consentimientos`, undefined, 'GET');
  expect(res.status).toBe(200);
  return ((await res.json()) as { consentimientos: Listed[] }).consentimientos;
}

/**
 * The image XObjects a PDF holds (their dictionaries) and how many its pages draw. An image with an
 * alpha channel would come with a second one, its /SMask.
 */
function pdfImages(pdf: Buffer) {
  const raw = pdf.toString('latin1');
  const drawn = new Set((raw.match(/\/XObject <<[^>]*>>/g) ?? []).flatMap((d) => d.match(/\/I\d+ \d+ 0 R/g) ?? []));
  return { images: raw.match(/<<[^<>]*\/Subtype \/Image[^<>]*>>/g) ?? [], drawn: drawn.size };
}

describe('signing a consent', () => {
  it('makes a real PDF whose SHA-256 is the stored one, lists it, and audits the signing, the list and the download', async () => {
    const p = await newPatient(ana, { nombres: 'Marta', fechaNacimiento: '1980-05-04' });
    const res = await send(dentista.cookie, `/api/pacientes/${p}/consentimientos`, consentBody());
    expect(res.status).toBe(201);
    const signed = (await res.json()) as Listed;
    expect(signed).toMatchObject({
      titulo: DEFAULT_CONSENT_TEMPLATES[0].titulo,
      firmante: 'paciente',
      tutor: null,
      profesional: { id: dentista.userId, nombre: 'Miembro' },
    });
    expect(signed.sha256).toMatch(/^[0-9a-f]{64}$/);

    const [row] = await t.db.select().from(consentimientos).where(eq(consentimientos.id, signed.id));
    expect(row.archivoClave).toBe(`consentimientos/${ana.clinica.id}/${signed.id}.pdf`);
    // The text as signed: the template filled with the patient's and the clinic's data, no placeholder left.
    expect(row.texto).toContain('Yo, Marta Gómez');
    expect(row.texto).toContain('Miembro, de Clínica Ana');
    expect(row.texto).not.toMatch(/\{(paciente|dentista|clinica|fecha)\}/);

    expect(await list(asistente.cookie, p)).toEqual([signed]);

    const pdf = await send(asistente.cookie, `/api/consentimientos/${signed.id}/pdf`, undefined, 'GET');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const fileName = consentFileName(
      signed.titulo,
      'Marta Gómez',
      todayInZone('Europe/Madrid', new Date(signed.fecha)),
    );
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="${fileName}"`);
    expect(fileName).toMatch(
      /^consentimiento-general-para-tratamiento-odontologico-marta-gomez-\d{4}-\d{2}-\d{2}\.pdf$/,
    );
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(signed.sha256);
    expect(bytes.byteLength).toBe(signed.bytes);
    // Both signatures are in it and drawn, as they were signed (320x120), flattened on white: RGB, no alpha mask.
    const { images, drawn } = pdfImages(bytes);
    expect(images).toHaveLength(2);
    expect(drawn).toBe(2);
    for (const image of images) {
      expect(image).toMatch(/\/Width 320\n\/Height 120\n/);
      expect(image).toContain('/ColorSpace /DeviceRGB');
      expect(image).not.toContain('/SMask');
    }

    const audit = await t.db
      .select({ accion: auditoria.accion, usuarioId: auditoria.usuarioId, detalle: auditoria.detalle })
      .from(auditoria)
      .where(and(eq(auditoria.clinicaId, ana.clinica.id), eq(auditoria.pacienteId, p)));
    expect(audit.map((a) => a.accion)).toEqual(
      expect.arrayContaining(['consentimiento.firmar', 'consentimientos.ver', 'consentimiento.descargar']),
    );
    expect(audit.find((a) => a.accion === 'consentimiento.firmar')).toMatchObject({
      usuarioId: dentista.userId,
      detalle: { consentimiento: signed.id },
    });
  });

  it('asks a minor for a guardian (in the clinic calendar) and keeps who signed', async () => {
    const today = todayInZone('Europe/Madrid');
    const tenYearsAgo = `${Number(today.slice(0, 4)) - 10}${today.slice(4)}`;
    const p = await newPatient(ana, { nombres: 'Pablo', fechaNacimiento: tenYearsAgo });
    const preview = await send(
      ana.cookie,
      `/api/pacientes/${p}/consentimientos/texto?plantillaId=${extraccion}`,
      undefined,
      'GET',
    );
    expect(preview.status).toBe(200);
    const text = (await preview.json()) as { texto: string; menor: boolean; necesitaDiente: boolean };
    expect(text).toMatchObject({ menor: true, necesitaDiente: true, paciente: 'Pablo Gómez' });
    // The tooth not yet given stays a placeholder the form asks for.
    expect(text.texto).toContain('Yo, Pablo Gómez');
    expect(text.texto).toContain('extraer el diente {diente}');
    const before = await snapshot();
    const refused = await send(ana.cookie, `/api/pacientes/${p}/consentimientos`, consentBody());
    expect(refused.status).toBe(422);
    expect(await errorOf(refused)).toMatchObject({
      message: M.minorNeedsGuardian,
      fields: { firmante: M.minorNeedsGuardian },
    });
    const noGuardian = await send(
      ana.cookie,
      `/api/pacientes/${p}/consentimientos`,
      consentBody({ firmante: 'tutor' }),
    );
    expect(noGuardian.status).toBe(400);
    expect((await errorOf(noGuardian)).fields).toMatchObject({ tutor: M.guardianRequired });
    expect(await snapshot()).toEqual(before);

    const res = await send(
      ana.cookie,
      `/api/pacientes/${p}/consentimientos`,
      consentBody({ firmante: 'tutor', tutor: { nombre: 'Rosa Gómez', relacion: 'Madre' } }),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ firmante: 'tutor', tutor: { nombre: 'Rosa Gómez', relacion: 'Madre' } });
  });

  it("draws the clinic's logo, transparent as uploaded, flattened on white like the signatures", async () => {
    const carla = await createClinicOwner(t, { nombre: 'Clínica Carla' });
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><circle cx="50" cy="50" r="40" fill="#2a7ab8"/></svg>';
    const logo = await sharp(Buffer.from(svg)).png().toBuffer();
    expect((await sharp(logo).metadata()).hasAlpha).toBe(true);
    const upload = await t.client(carla.cookie).clinica.logo.$post({
      form: { logo: new File([logo as Uint8Array<ArrayBuffer>], 'logo.png', { type: 'image/png' }) },
    });
    expect(upload.status).toBe(200);
    const [template] = await t.db
      .select({ id: plantillasConsentimientos.id })
      .from(plantillasConsentimientos)
      .where(
        and(
          eq(plantillasConsentimientos.clinicaId, carla.clinica.id),
          eq(plantillasConsentimientos.titulo, DEFAULT_CONSENT_TEMPLATES[0].titulo),
        ),
      );
    const p = await newPatient(carla);
    // Twice: the second signing draws the logo kept from the first.
    for (let i = 0; i < 2; i++) {
      const res = await send(
        carla.cookie,
        `/api/pacientes/${p}/consentimientos`,
        consentBody({ plantillaId: template.id }),
      );
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as Listed;
      const pdf = await send(carla.cookie, `/api/consentimientos/${id}/pdf`, undefined, 'GET');
      const { images, drawn } = pdfImages(Buffer.from(await pdf.arrayBuffer()));
      expect(images).toHaveLength(3);
      expect(drawn).toBe(3);
      expect(images.filter((image) => /\/Width 200\n\/Height 100\n/.test(image))).toHaveLength(1);
      for (const image of images) expect(image).not.toContain('/SMask');
    }
  });

  it('fills the tooth of an extraction and requires it', async () => {
    const p = await newPatient(ana);
    const missing = await send(
      ana.cookie,
      `/api/pacientes/${p}/consentimientos`,
      consentBody({ plantillaId: extraccion }),
    );
    expect(missing.status).toBe(422);
    expect((await errorOf(missing)).fields).toEqual({ diente: M.toothRequired });
    const res = await send(
      ana.cookie,
      `/api/pacientes/${p}/consentimientos`,
      consentBody({ plantillaId: extraccion, diente: '38' }),
    );
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as Listed;
    const [row] = await t.db.select().from(consentimientos).where(eq(consentimientos.id, id));
    expect(row.texto).toContain('extraer el diente 38');
  });

  it('refuses a signature that is not a PNG, is over 200 KB or is blank, and NUL characters, changing nothing', async () => {
    const p = await newPatient(ana);
    const jpeg = (await sharp(Buffer.from(png, 'base64')).flatten({ background: '#fff' }).jpeg().toBuffer()).toString(
      'base64',
    );
    const text = Buffer.from('esto no es una imagen, solo texto').toString('base64');
    // Noise does not compress: a 300x300 RGBA PNG of it is well over 200 KB.
    const noise = randomBytes(300 * 300 * 4);
    const big = (
      await sharp(noise, { raw: { width: 300, height: 300, channels: 4 } })
        .png()
        .toBuffer()
    ).toString('base64');
    expect(Buffer.from(big, 'base64').byteLength).toBeGreaterThan(SIGNATURE_MAX_BYTES);
    const blank = (
      await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .png()
        .toBuffer()
    ).toString('base64');
    const white = (
      await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer()
    ).toString('base64');
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, string, number][] = [
      [{ firmaPaciente: jpeg }, 'firmaPaciente', M.signatureInvalid, 400],
      [{ firmaProfesional: dataUrl(text) }, 'firmaProfesional', M.signatureInvalid, 400],
      [{ firmaPaciente: big }, 'firmaPaciente', M.signatureTooLarge, 400],
      [{ firmaProfesional: blank }, 'firmaProfesional', M.signatureBlank, 400],
      [{ firmaPaciente: white }, 'firmaPaciente', M.signatureBlank, 400],
      [{ firmaPaciente: 'no es base64!' }, 'firmaPaciente', M.signatureInvalid, 400],
      [{ firmaPaciente: '' }, 'firmaPaciente', M.patientSignatureRequired, 400],
      [
        { firmante: 'tutor', tutor: { nombre: 'Ro\u0000sa', relacion: 'Madre' } },
        'tutor.nombre',
        FIELD_MESSAGES.controlCharacters,
        400,
      ],
      [{ plantillaId: 'x' }, 'plantillaId', M.templateRequired, 400],
      [{ plantillaId: crypto.randomUUID() }, 'plantillaId', M.templateUnknown, 422],
    ];
    for (const [extra, field, message, status] of cases) {
      const res = await send(ana.cookie, `/api/pacientes/${p}/consentimientos`, consentBody(extra));
      expect(res.status, field).toBe(status);
      expect((await errorOf(res)).fields?.[field], JSON.stringify(extra).slice(0, 60)).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('deletes the stored PDF again when the row cannot be written', async () => {
    const p = await newPatient(ana);
    const stored: string[] = [];
    const storage: Storage = {
      ...t.deps.storage,
      put: async (key, bytes, type) => {
        stored.push(key);
        await t.deps.storage.put(key, bytes, type);
      },
      get: (key) => t.deps.storage.get(key),
      delete: (key) => t.deps.storage.delete(key),
    };
    const failing = new Proxy(t.db, {
      get: (target, prop, receiver) =>
        prop === 'transaction'
          ? () => Promise.reject(new Error('la base de datos falló'))
          : (Reflect.get(target, prop, receiver) as unknown),
    });
    const data = consentInputSchema.parse(consentBody());
    const before = await snapshot();
    await expect(
      signConsent(failing, storage, { clinicaId: ana.clinica.id, userId: ana.userId, direccion: '::1' }, p, data),
    ).rejects.toThrow('la base de datos falló');
    expect(stored).toHaveLength(1);
    expect(await t.deps.storage.get(stored[0])).toBeNull();
    expect(await snapshot()).toEqual(before);
  });
});

describe('isolation, permissions and immutability', () => {
  let p: string;
  let consentId: string;
  beforeAll(async () => {
    p = await newPatient(ana);
    const res = await send(ana.cookie, `/api/pacientes/${p}/consentimientos`, consentBody());
    consentId = ((await res.json()) as Listed).id;
  });

  it("answers another clinic's patient and consent as not found", async () => {
    const before = await snapshot();
    expect((await send(beto.cookie, `/api/pacientes/${p}/consentimientos`, undefined, 'GET')).status).toBe(404);
    expect((await send(beto.cookie, `/api/pacientes/${p}/consentimientos`, consentBody())).status).toBe(404);
    const pdf = await send(beto.cookie, `/api/consentimientos/${consentId}/pdf`, undefined, 'GET');
    expect(pdf.status).toBe(404);
    expect(await errorOf(pdf)).toMatchObject({ message: M.consentNotFound });
    expect((await send(ana.cookie, `/api/consentimientos/${crypto.randomUUID()}/pdf`, undefined, 'GET')).status).toBe(
      404,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('signs with consentimientos.firmar and lists with historia.ver only', async () => {
    // Asistente: reads the record, does not sign consents; Recepción: neither.
    expect((await send(asistente.cookie, `/api/pacientes/${p}/consentimientos`, consentBody())).status).toBe(403);
    expect((await send(recepcion.cookie, `/api/pacientes/${p}/consentimientos`, undefined, 'GET')).status).toBe(403);
    expect((await send(recepcion.cookie, `/api/consentimientos/${consentId}/pdf`, undefined, 'GET')).status).toBe(403);
  });

  it('never serves the PDF through the public files route, not even to the clinic owner', async () => {
    const [row] = await t.db.select().from(consentimientos).where(eq(consentimientos.id, consentId));
    expect(await t.deps.storage.get(row.archivoClave)).not.toBeNull();
    const res = await t.request(`/files/${row.archivoClave}`, { cookie: ana.cookie });
    expect(res.status).toBe(404);
  });

  it('refuses to change, delete or empty a signed consent in the database', async () => {
    for (const statement of [
      sql`update consentimientos set titulo = 'Otro' where id = ${consentId}`,
      sql`delete from consentimientos where id = ${consentId}`,
      sql`truncate consentimientos`,
    ]) {
      await expect(t.db.execute(statement)).rejects.toThrow();
    }
    const [row] = await t.db.select().from(consentimientos).where(eq(consentimientos.id, consentId));
    expect(row.titulo).toBe(DEFAULT_CONSENT_TEMPLATES[0].titulo);
  });

  it('keeps a patient with a signed consent when deleted: deactivated, the consent intact and no longer served', async () => {
    const q = await newPatient(ana, { nombres: 'Elena' });
    const signed = await send(ana.cookie, `/api/pacientes/${q}/consentimientos`, consentBody());
    const { id } = (await signed.json()) as Listed;
    const removed = await send(ana.cookie, `/api/pacientes/${q}`, undefined, 'DELETE');
    expect(removed.status).toBe(200);
    const [patient] = await t.db.select().from(pacientes).where(eq(pacientes.id, q));
    expect(patient.fechaArchivado).not.toBeNull();
    expect(
      await t.db.select({ id: consentimientos.id }).from(consentimientos).where(eq(consentimientos.id, id)),
    ).toEqual([{ id }]);
    expect((await send(ana.cookie, `/api/pacientes/${q}/consentimientos`, undefined, 'GET')).status).toBe(404);
    expect((await send(ana.cookie, `/api/consentimientos/${id}/pdf`, undefined, 'GET')).status).toBe(404);
  });

  it("shows the consent in the patient's timeline, and only it with the consents' filter", async () => {
    const res = await send(ana.cookie, `/api/pacientes/${p}/historia?tipo=consentimiento`, undefined, 'GET');
    expect(res.status).toBe(200);
    const { entradas } = (await res.json()) as { entradas: { tipo: string; id: string; consentimiento: unknown }[] };
    expect(entradas).toEqual([
      {
        tipo: 'consentimiento',
        id: consentId,
        consentimiento: expect.objectContaining({ titulo: DEFAULT_CONSENT_TEMPLATES[0].titulo, tutor: null }),
      },
    ]);
  });
});

describe('consent templates', () => {
  it('gives a new clinic the three Spanish templates, and manages them per clinic', async () => {
    const res = await send(asistente.cookie, '/api/plantillas-consentimientos', undefined, 'GET');
    const { plantillas } = (await res.json()) as { plantillas: { id: string; titulo: string }[] };
    expect(plantillas.map((x) => x.titulo).sort()).toEqual(DEFAULT_CONSENT_TEMPLATES.map((x) => x.titulo).sort());
    const created = await send(dentista.cookie, '/api/plantillas-consentimientos', {
      titulo: 'Blanqueamiento',
      cuerpo: 'Yo, {paciente}, acepto el blanqueamiento.',
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(
      (await send(beto.cookie, `/api/plantillas-consentimientos/${id}`, { titulo: 'X', cuerpo: 'Y' }, 'PUT')).status,
    ).toBe(404);
    expect((await send(beto.cookie, `/api/plantillas-consentimientos/${id}`, undefined, 'DELETE')).status).toBe(404);
    expect((await send(asistente.cookie, '/api/plantillas-consentimientos', { titulo: 'X', cuerpo: 'Y' })).status).toBe(
      403,
    );
    const updated = await send(
      dentista.cookie,
      `/api/plantillas-consentimientos/${id}`,
      { titulo: 'Blanqueamiento dental', cuerpo: 'Texto' },
      'PUT',
    );
    expect(updated.status).toBe(200);
    expect((await send(dentista.cookie, `/api/plantillas-consentimientos/${id}`, undefined, 'DELETE')).status).toBe(
      200,
    );
    expect(await t.db.select().from(plantillasConsentimientos).where(eq(plantillasConsentimientos.id, id))).toEqual([]);
  });

  it('gives existing clinics, in migration 0030, the same three templates as a new clinic', async () => {
    const migration = readFileSync(
      new URL('../../../drizzle/0030_plantillas_consentimientos.sql', import.meta.url),
      'utf8',
    );
    const values = /CROSS JOIN \(VALUES([\s\S]*?)\) AS t\(titulo, cuerpo\)/.exec(migration)?.[1];
    expect(values).toBeDefined();
    const rows = await rowsOf<{ titulo: string; cuerpo: string }>(
      t.db.execute(sql.raw(`select titulo, cuerpo from (values ${values}) as t(titulo, cuerpo)`)),
    );
    expect(rows).toEqual(DEFAULT_CONSENT_TEMPLATES);
  });
});
