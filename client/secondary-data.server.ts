import { SECONDARY_DATA_TIMEOUT_MS } from "#shared/constants.ts";
import { settleBy } from "#shared/settle-by.ts";

/** The reason a section's data gave up: its `<Await errorElement>` shows the section's fallback. */
export class SecondaryDataTimeout extends Error {
  constructor(ms: number) {
    super(`Secondary data did not arrive within ${ms} ms`);
    this.name = "SecondaryDataTimeout";
  }
}

/**
 * A section's data as a loader returns it to stream after the shell (decision 028): settled within
 * SECONDARY_DATA_TIMEOUT_MS — rejected if it is still pending then — so React Router's stream timeout
 * (STREAM_TIMEOUT_MS, longer) never cuts the document short and the section shows its fallback instead.
 */
export function secondaryData<T>(data: Promise<T>, ms: number = SECONDARY_DATA_TIMEOUT_MS): Promise<T> {
  return settleBy(data, ms, () => {
    throw new SecondaryDataTimeout(ms);
  });
}
