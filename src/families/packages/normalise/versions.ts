import type { PackageVersion } from '../model.js';

/**
 * Versions newest first by publication time, whatever order the registry serves them in (npm's
 * `dist-tags.latest` can be older than a pre-release published after it); versions without a
 * time come last, in served order.
 */
export function newestFirst(versions: PackageVersion[]): PackageVersion[] {
  const dated = versions.filter((each) => each.publishedAt !== null);
  const undated = versions.filter((each) => each.publishedAt === null);
  dated.sort((a, b) => (a.publishedAt! < b.publishedAt! ? 1 : a.publishedAt! > b.publishedAt! ? -1 : 0));
  return [...dated, ...undated];
}

/** Keywords from an array of strings, or a string split on commas (on spaces when it has none). */
export function keywordList(value: unknown): string[] {
  const parts = Array.isArray(value)
    ? value.filter((each): each is string => typeof each === 'string')
    : typeof value === 'string'
      ? value.split(value.includes(',') ? ',' : /\s+/)
      : [];
  return [...new Set(parts.map((each) => each.trim()).filter((each) => each !== ''))];
}
