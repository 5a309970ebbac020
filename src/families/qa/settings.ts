import { z } from 'zod';

/**
 * STACKEXCHANGE_KEY: an app's registration key from Stack Apps (not a login, not a secret the API
 * guards: it only raises the daily quota from 300 to 10,000 and lifts the 25-page cap). Unset or
 * empty means anonymous. A bad value stops start-up without echoing it.
 */
export const registrationKey = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9()*._-]{8,64}$/, 'must be a Stack Apps key (8-64 letters, digits and ( ) * . _ -)')
      .optional(),
  )
  .optional();
