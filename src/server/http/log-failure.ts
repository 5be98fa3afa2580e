/** One log line per real failure: the request, the error and where it was thrown, not the whole stack. */
export function logFailure(request: string, error: unknown): void {
  const where = error instanceof Error ? error.stack?.split('\n').find((line) => line.trim().startsWith('at '))?.trim() : undefined;
  console.error(`[occ] ${request} failed: ${String(error)}${where ? ` (${where})` : ''}`);
}
