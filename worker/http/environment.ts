/** The one test for development (`ENVIRONMENT=development`: dev outbox, sandbox payments, debug headers). */
export function isDevelopment(env: { ENVIRONMENT?: string }): boolean {
  return env.ENVIRONMENT === "development";
}

/** SPEC §8 "error logging enabled": answers may then carry an exception's own text. */
export function isErrorLogging(env: { ERROR_LOGGING?: string }): boolean {
  return env.ERROR_LOGGING === "true";
}
