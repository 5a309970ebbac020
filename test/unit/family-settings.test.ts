import { describe, expect, it } from 'vitest';
import { DEFAULT_FAMILY_CONCURRENCY, defineFamily } from '../../src/catalogue/family.js';
import { loadConfig } from '../../src/config/config.js';
import { familySettings } from '../../src/config/family-settings.js';
import { nonNegativeInt } from '../../src/config/setting-types.js';

const plain = defineFamily({ name: 'plain', hosts: ['plain.example'], endpoints: [] });

describe('a family definition by the conventions', () => {
  it('names its proxy and concurrency settings after the family, and needs no residential proxy', () => {
    expect(plain).toMatchObject({ proxyEnv: 'PLAIN_PROXY_URL', concurrencyEnv: 'PLAIN_CONCURRENCY', requiresResidentialProxy: false });
    expect(defineFamily({ name: 'two-words', hosts: [], endpoints: [] }).proxyEnv).toBe('TWO_WORDS_PROXY_URL');
  });

  it('keeps what a declaration says otherwise', () => {
    const own = defineFamily({
      name: 'own',
      hosts: [],
      endpoints: [],
      proxyEnv: 'OWN_EGRESS',
      concurrencyEnv: 'OWN_JOBS',
      requiresResidentialProxy: true,
    });
    expect(own).toMatchObject({ proxyEnv: 'OWN_EGRESS', concurrencyEnv: 'OWN_JOBS', requiresResidentialProxy: true });
  });

  it('gives a provider family, which reaches only its provider, no proxy', () => {
    const served = defineFamily({ name: 'served', hosts: [], endpoints: [], providerEnv: 'SERVED_URL' });
    expect(served.proxyEnv).toBeUndefined();
    expect(Object.keys(familySettings(served))).toEqual(['SERVED_URL', 'SERVED_CONCURRENCY']);
  });
});

describe('the settings of a family', () => {
  it('are its proxy, its concurrency, then its own, in that order', () => {
    const paced = defineFamily({ name: 'paced', hosts: [], endpoints: [], settings: { PACED_PER_MINUTE: nonNegativeInt(20) } });
    expect(Object.keys(familySettings(paced))).toEqual(['PACED_PROXY_URL', 'PACED_CONCURRENCY', 'PACED_PER_MINUTE']);
  });

  it('parse as the gateway reads them: a URL or nothing, a positive whole number with the family default', () => {
    const busy = defineFamily({ name: 'busy', hosts: [], endpoints: [], concurrency: 8 });
    expect(loadConfig({}, [plain, busy]).settings).toEqual({
      PLAIN_PROXY_URL: undefined,
      PLAIN_CONCURRENCY: DEFAULT_FAMILY_CONCURRENCY,
      BUSY_PROXY_URL: undefined,
      BUSY_CONCURRENCY: 8,
    });
    const set = loadConfig({ PLAIN_PROXY_URL: 'http://proxy.example:8080', BUSY_CONCURRENCY: '3' }, [plain, busy]).settings;
    expect(set).toMatchObject({ PLAIN_PROXY_URL: 'http://proxy.example:8080', BUSY_CONCURRENCY: 3 });
    expect(() => loadConfig({ PLAIN_PROXY_URL: 'not a url' }, [plain])).toThrow(/^Invalid PLAIN_PROXY_URL/);
    expect(() => loadConfig({ BUSY_CONCURRENCY: '0' }, [busy])).toThrow(/^Invalid BUSY_CONCURRENCY/);
  });
});
