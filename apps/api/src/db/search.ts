import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** LIKE's own characters (`\`, `%`, `_`) escaped, so that '50%' or 'a_b' are searched literally. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * The LIKE pattern of "contains `term`": the term folded by `odontia_normalizar` as the search
 * columns are (lower case, no accents: 'munoz' finds 'Muñoz', 'JOSE' finds 'José'), then escaped as
 * `escapeLike` does. Written inline, not bound as a value, so that the planner sees the folded
 * pattern and chooses between a trigram index (rare terms) and walking an ordered index (common ones).
 */
export const containsPattern = (term: string | SQLWrapper): SQL =>
  sql`'%' || replace(replace(replace(odontia_normalizar(${term}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;

/** `text` (any expression, folded here) contains `term`. */
export const foldedContains = (text: SQLWrapper, term: string | SQLWrapper): SQL =>
  sql`odontia_normalizar(${text}) like ${containsPattern(term)}`;
