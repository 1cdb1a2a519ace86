/**
 * A table of measured rows with pass/fail against a limit, for the bench commands: prints it and returns
 * one line per missed goal (the command names them and exits non-zero).
 */
export interface GoalRow {
  name: string;
  /** The row's figures, printed as given. */
  figures: Record<string, string>;
  /** The value held to `limit` (≤), or none: a row reported only. */
  goal?: { limit: number; value: number };
}

export function goalTable(title: string, rows: GoalRow[]): string[] {
  console.log(`\n${title}`);
  console.table(
    Object.fromEntries(
      rows.map((row) => [
        row.name,
        {
          ...row.figures,
          goal: row.goal ? `≤ ${row.goal.limit}` : "reported",
          "": row.goal ? (row.goal.value <= row.goal.limit ? "pass" : "FAIL") : "",
        },
      ]),
    ),
  );
  return rows
    .filter((row) => row.goal && !(row.goal.value <= row.goal.limit))
    .map((row) => `${row.name}: ${row.goal!.value.toFixed(2)} > ${row.goal!.limit} (${title})`);
}
