/**
 * Upserting reference data (decision 055): the rows a table should hold, compared with the rows it
 * holds, give the statements that insert the missing rows and update the changed ones — nothing for a
 * row that is the same, so a second run changes nothing. Rows are never deleted here: ids live on in
 * listings and articles, and a place the source drops stays as it was.
 *
 * Tables the back office edits (decisions 060, 061) are only a starting point: `edited: "rows"` (tooltips
 * and prices, whose keys the code names) gets its missing rows and never an update — a row is the staff's
 * once it is there, also against a concurrent edit; `edited: "table"` (tags, FAQ, advantages, whose rows
 * editors add and delete) is filled only while it is empty.
 */

type ReferenceValue = string | number | null;

export interface ReferenceTable {
  table: string;
  /** The primary key's columns (all of them in `columns`). */
  key: readonly string[];
  columns: readonly string[];
  rows: readonly Record<string, ReferenceValue>[];
  /** Who owns the rows once written: the back office's editors (see above), or this source (absent). */
  edited?: "rows" | "table";
}

export interface UpsertPlan {
  table: string;
  inserted: number;
  updated: number;
  unchanged: number;
  statements: string[];
}

const literal = (value: ReferenceValue): string => {
  if (value === null) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
    return String(value);
  }
  return `'${value.replaceAll("'", "''")}'`;
};

const keyOf = (spec: ReferenceTable, row: Record<string, unknown>) =>
  JSON.stringify(spec.key.map((column) => row[column]));

/** The columns that differ between the wanted row and the one held (numbers compared as numbers). */
function changedColumns(spec: ReferenceTable, wanted: Record<string, ReferenceValue>, held: Record<string, unknown>) {
  return spec.columns.filter((column) => {
    const a = wanted[column] ?? null;
    const b = held[column] ?? null;
    return typeof a === "number" && typeof b === "number" ? a !== b : a !== b;
  });
}

/** The statements that bring `held` (the table's rows now) to the spec's rows, and what they do. */
export function planUpsert(spec: ReferenceTable, held: readonly Record<string, unknown>[]): UpsertPlan {
  const heldByKey = new Map(held.map((row) => [keyOf(spec, row), row]));
  const plan: UpsertPlan = { table: spec.table, inserted: 0, updated: 0, unchanged: 0, statements: [] };
  const nonKey = spec.columns.filter((column) => !spec.key.includes(column));
  if (spec.edited === "table" && held.length > 0) {
    plan.unchanged = held.length;
    return plan;
  }
  for (const row of spec.rows) {
    const current = heldByKey.get(keyOf(spec, row));
    if (current && spec.edited === "rows") {
      plan.unchanged++;
      continue;
    }
    if (current) {
      const changed = changedColumns(spec, row, current);
      if (changed.length === 0) {
        plan.unchanged++;
        continue;
      }
      plan.updated++;
      const where = spec.key.map((column) => `${column} = ${literal(row[column] ?? null)}`).join(" AND ");
      plan.statements.push(
        `UPDATE ${spec.table} SET ${changed.map((column) => `${column} = ${literal(row[column] ?? null)}`).join(", ")} WHERE ${where}`,
      );
    } else {
      plan.inserted++;
      plan.statements.push(
        `INSERT INTO ${spec.table} (${spec.columns.join(", ")}) VALUES (${spec.columns.map((column) => literal(row[column] ?? null)).join(", ")})` +
          (spec.edited
            ? ` ON CONFLICT (${spec.key.join(", ")}) DO NOTHING`
            : nonKey.length
              ? ` ON CONFLICT (${spec.key.join(", ")}) DO UPDATE SET ${nonKey.map((column) => `${column} = excluded.${column}`).join(", ")}`
              : ""),
      );
    }
  }
  return plan;
}
