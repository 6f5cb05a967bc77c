/** Timestamps are stored as ISO-8601 UTC text on both dialects (ADR 0002). */
export const nowIso = () => new Date().toISOString();
