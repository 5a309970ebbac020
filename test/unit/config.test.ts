import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';

describe('configuration', () => {
  it('has the contract defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 4000,
      HOST: '127.0.0.1',
      UPSTREAM_TIMEOUT_MS: 15_000,
      SUBSCRIPTION_MIN_INTERVAL_SECONDS: 60,
      WEBHOOK_ALLOW_PRIVATE: false,
      LOG_LEVEL: 'info',
    });
    expect(config.API_KEYS).toEqual([]);
  });

  it('parses API_KEYS and UPSTREAM_ORIGINS', () => {
    const config = loadConfig({
      API_KEYS: 'sk_test_a=1000, sk_test_b=5:100',
      UPSTREAM_ORIGINS: 'books.example.test=http://127.0.0.1:9000',
    });
    expect(config.API_KEYS).toEqual([
      { key: 'sk_test_a', credits: 1000, dailyCap: null },
      { key: 'sk_test_b', credits: 5, dailyCap: 100 },
    ]);
    expect(config.UPSTREAM_ORIGINS.get('books.example.test')?.href).toBe('http://127.0.0.1:9000/');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ API_KEYS: 'sk_test_a' }, 'API_KEYS'],
    [{ UPSTREAM_ORIGINS: 'books.example.test' }, 'UPSTREAM_ORIGINS'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('stops on a bad value with one line naming the variable (%j)', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid ${variable}:`));
  });

  it('never echoes a key in the error', () => {
    expect(() => loadConfig({ API_KEYS: 'sk_live_secretvalue=abc' })).toThrow(/^(?!.*secretvalue)/);
  });
});
