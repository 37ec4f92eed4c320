/**
 * A clinic day's mix, replayed by `connections` workers over raw keep-alive sockets (raw-client.ts),
 * one request in flight each. Worker i is member i of the data set (members interleaved across the
 * clinics, so every clinic has two or three people at work). Writes never collide by construction,
 * so every non-2xx answer is an error: a worker books and moves appointments only for its own
 * dentist, in its own free slots; saves the charts of its own share of the patients from the version
 * its previous save produced; adjusts only its own share of the items; and fills its own cart.
 * Workers keep that state from one run to the next (warm-up, runs on other servers of the same database).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { emptyChart, setToothNotes } from '@odontia/shared';
import { percentile } from '../lib/http-load.ts';
import { RawConnection } from './raw-client.ts';
import { ITEM_TERMS, PATIENT_TERMS, type DayClinic, type DayData, type DayItem, type DayMember } from './setup.ts';

export const KINDS = [
  'agenda: mes',
  'agenda: semana',
  'agenda: lista',
  'cita: crear',
  'cita: mover',
  'odontograma: cargar',
  'odontograma: guardar',
  'paciente: buscar',
  'paciente: ficha',
  'catálogo: buscar',
  'stock: ajustar',
  'tienda: páginas',
  'carrito: añadir',
  'pedido: checkout',
  'notificaciones',
] as const;
export type Kind = (typeof KINDS)[number];

/** Bookings and moves go to days from here on, clear of the data set's month either side of today. */
const WRITES_FROM = Date.parse('2030-01-01T00:00:00Z');
const SLOTS_PER_DAY = 16;
const DAY = 86_400_000;

const SHIPPING = {
  nombreCompleto: 'Compras Jornada',
  telefono: '300 123 4567',
  direccion: 'Calle 100 # 15-20',
  ciudad: 'Bogotá',
  departamento: 'Cundinamarca',
};

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

/** The month grid (Sunday first, whole weeks) and the week of today, as the calendar asks for them. */
function calendarRanges() {
  const t = Date.parse(`${iso(Date.now())}T00:00:00Z`);
  const first = Date.parse(`${iso(t).slice(0, 8)}01T00:00:00Z`);
  const last = Date.UTC(new Date(first).getUTCFullYear(), new Date(first).getUTCMonth() + 1, 1) - DAY;
  const weekStart = t - new Date(t).getUTCDay() * DAY;
  return {
    month: `desde=${iso(first - new Date(first).getUTCDay() * DAY)}&hasta=${iso(last + (6 - new Date(last).getUTCDay()) * DAY)}`,
    week: `desde=${iso(weekStart)}&hasta=${iso(weekStart + 6 * DAY)}`,
  };
}

type Worker = {
  member: DayMember;
  clinic: DayClinic;
  readHeaders: string;
  writeHeaders: string;
  dentist: string;
  nextSlot: number;
  booked: { id: string; pacienteId: string }[];
  charts: { patients: string[]; versions: Map<string, number>; turn: number };
  items: { own: DayItem[]; turn: number };
};

export type Recorder = {
  latencies: Map<Kind, number[]>;
  errors: Map<Kind, number>;
  /** The first few unexpected answers, to say what went wrong. */
  samples: string[];
};

export type MixResult = {
  seconds: number;
  requests: number;
  reqPerSec: number;
  all: number[];
  byKind: Map<Kind, number[]>;
  errors: number;
  errorsByKind: Map<Kind, number>;
  samples: string[];
  /** Milliseconds of CPU the load generator (this process) used per request. */
  clientCpuPerRequest: number;
  /** Share of the machine's CPU time (all cores) that was busy during the run, and by the API process. */
  machineBusy: number;
  serverShare: number;
  /** Milliseconds of CPU per request of the API process, and of the PostgreSQL backends serving its database. */
  serverCpuPerRequest: number;
  postgresCpuPerRequest: number;
};

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const TICK_MS = 10;

/** Busy and total CPU ticks of the whole machine (/proc/stat), and of one process (/proc/<pid>/stat). */
function machineTicks(): { busy: number; total: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = cpu.reduce((a, b) => a + b, 0);
  return { busy: total - cpu[3] - (cpu[4] ?? 0), total };
}
function processTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    // A backend that ended meanwhile.
    return 0;
  }
}
const ticksOf = (pids: number[]) => pids.reduce((total, pid) => total + processTicks(pid), 0);

/** The processes whose CPU a run reports: the API, and the PostgreSQL backends of its database (read after the run). */
export type Probe = { apiPid: number; postgresPids: () => Promise<number[]> };

export class DayMix {
  private readonly workers: Worker[];
  private readonly ranges = calendarRanges();

  constructor(
    private readonly data: DayData,
    connections: number,
  ) {
    // Interleaved: the first member of each clinic, then the second of each, ...
    const seen = new Map<number, number>();
    const order = data.members
      .map((m) => {
        const rank = seen.get(m.clinic) ?? 0;
        seen.set(m.clinic, rank + 1);
        return { m, rank };
      })
      .sort((a, b) => a.rank - b.rank || a.m.clinic - b.m.clinic)
      .map((x) => x.m);
    if (connections > order.length) throw new Error(`hay ${order.length} miembros para ${connections} conexiones`);
    const chosen = order.slice(0, connections);
    this.workers = chosen.map((member) => {
      const clinic = data.clinics[member.clinic];
      const mates = chosen.filter((m) => m.clinic === member.clinic);
      const k = mates.indexOf(member);
      const share = <T>(list: T[]) => list.filter((_, i) => i % mates.length === k);
      const patients = share(clinic.patients);
      return {
        member,
        clinic,
        readHeaders: `cookie: ${member.cookie}\r\n`,
        writeHeaders: '',
        dentist: clinic.dentists[k],
        nextSlot: 0,
        booked: [],
        charts: { patients, versions: new Map(patients.map((p) => [p, 0])), turn: 0 },
        items: { own: share(clinic.items).map((item) => ({ ...item })), turn: 0 },
      };
    });
  }

  /** Replays the mix against `baseUrl` for `seconds`, reading the CPU the probed processes used meanwhile. */
  async run(baseUrl: string, seconds: number, probe: Probe): Promise<MixResult> {
    const { hostname, port } = new URL(baseUrl);
    const origin = new URL(baseUrl).origin;
    const recorder: Recorder = { latencies: new Map(KINDS.map((k) => [k, []])), errors: new Map(), samples: [] };
    const cpu0 = process.cpuUsage();
    const machine0 = machineTicks();
    const server0 = processTicks(probe.apiPid);
    // The pool's connections opened during the warm-up stay open (idle ones are closed after 10 s).
    const backends = await probe.postgresPids();
    const postgres0 = new Map(backends.map((pid) => [pid, processTicks(pid)]));
    const started = performance.now();
    const until = started + seconds * 1000;
    await Promise.all(
      this.workers.map(async (worker) => {
        worker.writeHeaders = `${worker.readHeaders}origin: ${origin}\r\ncontent-type: application/json\r\n`;
        const conn = new RawConnection(hostname, Number(port));
        try {
          while (performance.now() < until) await this.step(worker, conn, recorder);
        } finally {
          conn.close();
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const machine1 = machineTicks();
    const serverTicks = processTicks(probe.apiPid) - server0;
    const after = await probe.postgresPids();
    const postgresTicks = ticksOf(after) - after.reduce((total, pid) => total + (postgres0.get(pid) ?? 0), 0);
    const all = [...recorder.latencies.values()].flat().sort((a, b) => a - b);
    for (const list of recorder.latencies.values()) list.sort((a, b) => a - b);
    const errors = [...recorder.errors.values()].reduce((a, b) => a + b, 0);
    const requests = all.length + errors;
    const totalTicks = machine1.total - machine0.total;
    return {
      seconds: elapsed,
      requests,
      reqPerSec: requests / elapsed,
      all,
      byKind: recorder.latencies,
      errors,
      errorsByKind: recorder.errors,
      samples: recorder.samples,
      clientCpuPerRequest: (cpu.user + cpu.system) / 1000 / Math.max(1, requests),
      machineBusy: (machine1.busy - machine0.busy) / totalTicks,
      serverShare: serverTicks / totalTicks,
      serverCpuPerRequest: (serverTicks * TICK_MS) / Math.max(1, requests),
      postgresCpuPerRequest: (postgresTicks * TICK_MS) / Math.max(1, requests),
    };
  }

  private async send(
    worker: Worker,
    conn: RawConnection,
    recorder: Recorder,
    kind: Kind,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: string } | null> {
    const started = performance.now();
    try {
      const res =
        body === undefined
          ? await conn.request(method, path, worker.readHeaders)
          : await conn.request(method, path, worker.writeHeaders, JSON.stringify(body));
      if (res.status >= 200 && res.status < 300) {
        recorder.latencies.get(kind)!.push(performance.now() - started);
        return res;
      }
      this.fail(recorder, kind, `${kind} ${method} ${path}: ${res.status} ${res.body.slice(0, 200)}`);
    } catch (error) {
      this.fail(recorder, kind, `${kind} ${method} ${path}: ${(error as Error).message}`);
    }
    return null;
  }

  private fail(recorder: Recorder, kind: Kind, sample: string): void {
    recorder.errors.set(kind, (recorder.errors.get(kind) ?? 0) + 1);
    if (recorder.samples.length < 5) recorder.samples.push(sample);
  }

  /** The worker's next free slot of its dentist (16 half hours a day from 08:00, day after day). */
  private slot(worker: Worker) {
    const n = worker.nextSlot++;
    const start = 8 * 60 + (n % SLOTS_PER_DAY) * 30;
    return {
      fecha: iso(WRITES_FROM + Math.floor(n / SLOTS_PER_DAY) * DAY),
      horaInicio: hhmm(start),
      horaFin: hhmm(start + 30),
    };
  }

  /**
   * One action of the day, drawn by weight (out of 100): the agenda and the patient's record are
   * what a clinic reads most; writes are about a fifth.
   */
  private async step(w: Worker, conn: RawConnection, r: Recorder): Promise<void> {
    const send = (kind: Kind, method: string, path: string, body?: unknown) =>
      this.send(w, conn, r, kind, method, path, body);
    const clinic = w.clinic;
    const roll = Math.random() * 100;
    if (roll < 8) await send('agenda: mes', 'GET', `/api/citas/calendario/mes?${this.ranges.month}`);
    else if (roll < 18) await send('agenda: semana', 'GET', `/api/citas/calendario?${this.ranges.week}`);
    else if (roll < 23) await send('agenda: lista', 'GET', '/api/citas');
    else if (roll < 27) {
      const pacienteId = pick(clinic.patients);
      const res = await send('cita: crear', 'POST', '/api/citas', {
        pacienteId,
        dentistaId: w.dentist,
        ...this.slot(w),
        titulo: 'Revisión',
      });
      if (res) w.booked.push({ id: (JSON.parse(res.body) as { id: string }).id, pacienteId });
    } else if (roll < 30) {
      const cita = w.booked.length ? pick(w.booked) : null;
      if (cita) {
        await send('cita: mover', 'PUT', `/api/citas/${cita.id}`, {
          pacienteId: cita.pacienteId,
          dentistaId: w.dentist,
          ...this.slot(w),
          titulo: 'Revisión (movida)',
          estado: 'confirmada',
        });
      }
    } else if (roll < 39)
      await send('odontograma: cargar', 'GET', `/api/pacientes/${pick(clinic.patients)}/odontograma`);
    else if (roll < 43) {
      const c = w.charts;
      const patient = c.patients[c.turn++ % c.patients.length];
      const version = c.versions.get(patient)!;
      const res = await send('odontograma: guardar', 'PUT', `/api/pacientes/${patient}/odontograma`, {
        baseVersion: version,
        chart: setToothNotes(emptyChart(), 21, `Revisión ${version + 1}`),
      });
      if (res) c.versions.set(patient, version + 1);
    } else if (roll < 51)
      await send('paciente: buscar', 'GET', `/api/pacientes?q=${encodeURIComponent(pick(PATIENT_TERMS))}`);
    else if (roll < 60) await send('paciente: ficha', 'GET', `/api/pacientes/${pick(clinic.patients)}`);
    else if (roll < 66) {
      const tab = Math.random() < 0.3 ? '&categoria=insumo' : '';
      await send('catálogo: buscar', 'GET', `/api/productos?q=${encodeURIComponent(pick(ITEM_TERMS))}${tab}`);
    } else if (roll < 69) {
      const item = w.items.own[w.items.turn++ % w.items.own.length];
      const delta = Math.random() < 0.5 ? -1 - Math.floor(Math.random() * 5) : 1 + Math.floor(Math.random() * 5);
      const stockActual = Math.max(0, item.stockActual + delta);
      const { id, ...fields } = item;
      const res = await send('stock: ajustar', 'PUT', `/api/productos/${id}`, { ...fields, stockActual, activo: true });
      if (res) item.stockActual = stockActual;
    } else if (roll < 77) {
      const page = pick([
        `/api/tienda/productos?q=${encodeURIComponent(pick(ITEM_TERMS))}`,
        '/api/tienda/productos?categoria=insumo',
        '/api/tienda/productos?pagina=2',
        `/api/tienda/productos/${pick(this.data.storeProducts)}`,
      ]);
      await send('tienda: páginas', 'GET', page);
    } else if (roll < 80) {
      const added = await send('carrito: añadir', 'POST', '/api/carrito', {
        productoId: pick(this.data.storeProducts),
        cantidad: 1 + Math.floor(Math.random() * 3),
      });
      if (added)
        await send('pedido: checkout', 'POST', '/api/pedidos', { ...SHIPPING, claveIdempotencia: randomUUID() });
    } else {
      await send(
        'notificaciones',
        'GET',
        Math.random() < 0.5 ? '/api/notificaciones' : '/api/notificaciones?soloNoLeidas=true',
      );
    }
  }
}

/**
 * One path (GET, no cookie) over `connections` raw sockets for `seconds`: what the same client gets
 * from a route that does almost nothing, i.e. the ceiling of this client on this machine.
 */
export async function runPath(baseUrl: string, path: string, seconds: number, connections: number) {
  const { hostname, port } = new URL(baseUrl);
  const latencies: number[] = [];
  let errors = 0;
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const conn = new RawConnection(hostname, Number(port));
      try {
        while (performance.now() < until) {
          const t0 = performance.now();
          const res = await conn.request('GET', path, '').catch(() => null);
          if (res && res.status === 200) latencies.push(performance.now() - t0);
          else errors++;
        }
      } finally {
        conn.close();
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  latencies.sort((a, b) => a - b);
  return {
    reqPerSec: (latencies.length + errors) / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    clientCpuPerRequest: (cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length + errors),
  };
}
