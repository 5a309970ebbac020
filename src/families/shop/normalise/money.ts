/**
 * Money as exact decimal strings. Shopify writes prices two ways: decimal strings in
 * products.json and predictive search ("197.00"), integers of cents in the Ajax `.js` answer
 * (52000 is "520.00"; zero-decimal currencies are counted in cents too, so 432000 yen is
 * "4320.00"). Neither is ever read through a float: cents are split with integer arithmetic,
 * strings are checked and padded, and prices are compared as integers of millionths.
 */

/** At most this many decimals are read; a finer price is not money a store shows. */
const MAX_DECIMALS = 6;
const DECIMAL = new RegExp(`^(\\d{1,15})(?:\\.(\\d{1,${MAX_DECIMALS}}))?$`);

/** "197" → "197.00", "19.5" → "19.50", "1.2500" → "1.25"; null for anything that is not a non-negative decimal. */
export function moneyFromDecimal(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').padEnd(2, '0').replace(/(?<=^\d\d)0+$/, '');
  return `${whole}.${fraction}`;
}

/** 52000 → "520.00"; null for anything that is not a whole, non-negative, safe number of cents. */
export function moneyFromCents(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) return null;
  const cents = value % 100;
  return `${(value - cents) / 100}.${String(cents).padStart(2, '0')}`;
}

/** The price as an integer of millionths, for exact comparison. */
function units(money: string): bigint {
  const [whole, fraction = ''] = money.split('.');
  return BigInt(whole!) * 10n ** BigInt(MAX_DECIMALS) + BigInt(fraction.padEnd(MAX_DECIMALS, '0'));
}

/** Whether a price is above zero. */
export const isPositive = (money: string): boolean => units(money) > 0n;

/** The lowest of some prices (nulls skipped), or null when there is none. */
export function lowest(prices: readonly (string | null)[]): string | null {
  let best: string | null = null;
  for (const price of prices) if (price !== null && (best === null || units(price) < units(best))) best = price;
  return best;
}
