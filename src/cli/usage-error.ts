/** A command line the CLI cannot act on; its message says what to type instead. */
export class UsageError extends Error {
  override name = 'UsageError';
}
