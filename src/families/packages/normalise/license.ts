import { record, text } from './values.js';

/**
 * Licences as an SPDX expression where the registry allows one. Legacy forms are rewritten to
 * the expression they mean: npm's `licenses` array of `{type}` (any of them), crates' `MIT/Apache-2.0`
 * (either), npm's `{type, url}` object.
 */

/** The licences of an npm document or version: `license` (string or `{type}`), else the legacy `licenses` array. */
export function npmLicense(license: unknown, licenses: unknown): string | null {
  const single = text(license) ?? text(record(license)?.type);
  if (single !== null) return single;
  const list = Array.isArray(licenses) ? licenses : record(licenses) ? [licenses] : [];
  const types = list.map((each) => text(each) ?? text(record(each)?.type)).filter((each): each is string => each !== null);
  return types.length === 0 ? null : [...new Set(types)].join(' OR ');
}

/** crates.io's licence: the SPDX expression, with the legacy `A/B` written `A OR B`. */
export function cratesLicense(value: unknown): string | null {
  const raw = text(value);
  if (raw === null) return null;
  return raw
    .split('/')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' OR ');
}

/** PyPI: the SPDX `license_expression`, else free-text `license` when it is one short line (not a pasted licence text). */
export function pypiLicense(expression: unknown, license: unknown): string | null {
  const spdx = text(expression);
  if (spdx !== null) return spdx;
  const free = text(license);
  return free !== null && free.length <= 100 && !free.includes('\n') ? free : null;
}
