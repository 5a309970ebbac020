/** Empty strings are null: the platform sends "" for an unset display name or description. */
export const text = (value: string | null | undefined): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The record key: the last segment of an at:// URI. */
export const rkeyOf = (uri: string): string => uri.slice(uri.lastIndexOf('/') + 1);

/** The DID (or handle) of an at:// URI. */
export const authorityOf = (uri: string): string => uri.slice('at://'.length).split('/')[0] ?? '';
