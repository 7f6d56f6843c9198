/**
 * A column of the outer query, always table-qualified, for correlated subqueries. Drizzle writes a
 * single-table select's fields bare (`"id"`), and inside `(select … from movements m where
 * m.material_id = "id")` a bare name binds to the subquery's own table — a silent wrong answer.
 */
import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

export const outer = (column: Column): SQL => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
