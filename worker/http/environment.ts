/** The one test for development (`ENVIRONMENT=development`: dev outbox, sandbox payments, debug headers). */
export function isDevelopment(env: { ENVIRONMENT?: string }): boolean {
  return env.ENVIRONMENT === "development";
}

