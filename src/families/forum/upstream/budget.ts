/**
 * Reddit announces its budget on its answers: x-ratelimit-remaining (requests left, written as
 * a decimal such as "597.0"), x-ratelimit-used, and x-ratelimit-reset (whole seconds until the
 * window ends). A fraction of a request left is none. Retry-After alone is deliberately not
 * read as the whole host's budget: a 429 that announces nothing else is answered per request
 * (the Atom feed fallback), as before.
 */
export function readRedditBudget(headers: Record<string, string>, nowMs: number): { remaining: number; resetAtMs: number } | null {
  const remainingText = headers['x-ratelimit-remaining'];
  const resetText = headers['x-ratelimit-reset'];
  if (!remainingText?.trim() || !resetText?.trim()) return null;
  const remaining = Number(remainingText.trim());
  const resetSeconds = Number(resetText.trim());
  if (!Number.isFinite(remaining) || !Number.isFinite(resetSeconds) || remaining < 0 || resetSeconds < 0) return null;
  return { remaining: Math.floor(remaining), resetAtMs: nowMs + resetSeconds * 1000 };
}
