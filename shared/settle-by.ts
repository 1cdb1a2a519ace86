/**
 * `work`'s outcome, or `late()`'s when `ms` pass first (decision 028: a page's reads and its sections give
 * up on slow data). The work itself is left to finish unheard: a failure after it was given up is nobody's
 * error any more.
 */
export function settleBy<T>(work: Promise<T>, ms: number, late: () => T | Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<T>((resolve, reject) => {
    timer = setTimeout(
      () => {
        try {
          resolve(late());
        } catch (error) {
          reject(error);
        }
      },
      Math.max(0, ms),
    );
  });
  work.catch(() => {});
  // The executor above ran at once: the timer is set.
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer!));
}
