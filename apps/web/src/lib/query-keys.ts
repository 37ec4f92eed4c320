/**
 * Query keys that a feature other than their owner must invalidate. Features do not import each other
 * (eslint/feature-boundaries.js), so such a key is written here once and both sides read it.
 */

/**
 * The signed-in account (GET /api/me): the session provider owns it; the query client asks it again
 * when any request answers 401, so a member removed or signed out elsewhere leaves the screens at once.
 */
export const SESSION_QUERY_KEY = ['session'] as const;

/**
 * Every agenda query: the list, the calendars, one appointment and its messages, the dashboard's week.
 * The appointments feature keeps its queries under it; the notifications stream reloads them when a
 * notification about an appointment arrives (a patient answered, another desk booked).
 */
export const APPOINTMENTS_QUERY_KEY = ['citas'] as const;

/**
 * The Día grid's closed time (dentists' working hours and the agenda's blocks): the appointments
 * feature reads it, the dentists feature changes it (their hours screen and the blocks card).
 */
export const AGENDA_SCHEDULE_QUERY_KEY = [...APPOINTMENTS_QUERY_KEY, 'horario-dentistas'] as const;

/**
 * Every budget query: the lists, one budget, the patient's budgets and plan, the dashboard's follow-ups.
 * The budgets feature keeps its queries under it; the notifications stream reloads them when a patient
 * accepts or rejects a budget from their link, so the budget open on the clinic's screen follows.
 */
export const BUDGETS_QUERY_KEY = ['presupuestos'] as const;

/**
 * Every query of the clinic's own orders (the list, one order, its receipt into stock). The store feature
 * keeps them under it; the notifications stream reloads them when the supplier moves an order, so the
 * order open on screen shows its new state.
 */
export const ORDERS_QUERY_KEY = ['pedidos'] as const;
