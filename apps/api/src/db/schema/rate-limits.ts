import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counters of better-auth's rate limits (`rateLimit.storage: 'database'`), shared by every API
 * instance on the database. Columns follow better-auth's `rateLimit` model.
 */
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  /** Milliseconds since the epoch, as better-auth writes it. */
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Counters of our own limits (platform/rate-limit.ts), in the table shape rate-limiter-flexible's
 * RateLimiterDrizzle reads and writes: one row per limiter prefix and key.
 */
export const limitesUso = pgTable('limites_uso', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true }),
});
