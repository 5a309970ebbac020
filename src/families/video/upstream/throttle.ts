import { isRedirectTo, throttleReader } from '../../../upstream/budget/throttle-page.js';

/** Google's CAPTCHA page, on any of its hosts' spellings. */
const isSorryPage = (target: URL): boolean => /(^|\.)google\.[a-z.]+$/i.test(target.hostname) && target.pathname.startsWith('/sorry');

/**
 * How the platform throttles: past its limit it answers 429 (the "unusual traffic" page) or
 * redirects to Google's CAPTCHA page (www.google.com/sorry/...); either holds the host back.
 */
export const readThrottle = throttleReader(isSorryPage);

/** A redirect to Google's CAPTCHA page. */
export const isSorryRedirect = (status: number, location: string | undefined): boolean => isRedirectTo(status, location, isSorryPage);
