import type { RpcObject } from '../upstream/rpc.js';

/** Defensive readers of the platform's numeric-keyed objects: every key may be missing or of another type. */

export const asObject = (value: unknown): RpcObject | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as RpcObject) : null;

export const objectAt = (value: unknown, key: string): RpcObject | null => asObject(asObject(value)?.[key]);

export const textAt = (value: RpcObject | null, key: string): string | null => {
  const found = value?.[key];
  return typeof found === 'string' && found !== '' ? found : null;
};

/** A whole number given as a number or as a decimal string (the platform writes counts both ways). */
export const wholeAt = (value: RpcObject | null, key: string): number | null => {
  const found = value?.[key];
  const number = typeof found === 'number' ? found : typeof found === 'string' && /^\d{1,15}$/.test(found) ? Number(found) : NaN;
  return Number.isSafeInteger(number) && number >= 0 ? number : null;
};

export const listAt = (value: RpcObject | null, key: string): readonly unknown[] => {
  const found = value?.[key];
  return Array.isArray(found) ? found : [];
};

/** `{"1": epoch seconds as a string, "2": nanos}` as ISO 8601 (millisecond precision); null when unreadable. */
export function timeAt(value: RpcObject | null, key: string): string | null {
  const time = objectAt(value, key);
  const seconds = wholeAt(time, '1');
  if (seconds === null) return null;
  const nanos = wholeAt(time, '2') ?? 0;
  const date = new Date(seconds * 1000 + Math.floor(Math.min(nanos, 999_999_999) / 1e6));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** `{min, max}` of a range given as two counts (strings or numbers); null when either is unreadable. */
export function rangeOf(value: RpcObject | null, minKey: string, maxKey: string): { min: number; max: number } | null {
  const min = wholeAt(value, minKey);
  const max = wholeAt(value, maxKey);
  return min === null || max === null ? null : { min, max };
}
