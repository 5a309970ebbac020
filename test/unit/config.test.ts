import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, usesSharedStore } from '../../src/config/config.js';
import { catalogue } from '../support/registered-catalogue.js';

describe('configuration', () => {
  it('has the contract defaults', () => {
    const config = loadConfig({}, catalogue.families);
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
    const config = loadConfig(
      {
        API_KEYS: 'sk_test_a=1000, sk_test_b=5:100',
        UPSTREAM_ORIGINS: 'books.example.test=http://127.0.0.1:9000',
      },
      catalogue.families,
    );
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
    [{ REDIS_CLUSTER_NODES: '127.0.0.1' }, 'REDIS_CLUSTER_NODES'],
    [{ REDIS_CLUSTER_NODES: '127.0.0.1:70000' }, 'REDIS_CLUSTER_NODES'],
    [{ REDIS_CLUSTER_NODES: 'redis://127.0.0.1:7101' }, 'REDIS_CLUSTER_NODES'],
    [{ REDIS_CLUSTER_NODES: '127.0.0.1:7101', REDIS_URL: 'redis://127.0.0.1:6379' }, 'REDIS_CLUSTER_NODES'],
    [{ REDIS_MIN_REPLICAS_ACK: '-1' }, 'REDIS_MIN_REPLICAS_ACK'],
  ])('stops on a bad value with one line naming the variable (%j)', (env, variable) => {
    expect(() => loadConfig(env, catalogue.families)).toThrow(ConfigError);
    expect(() => loadConfig(env, catalogue.families)).toThrow(new RegExp(`^Invalid ${variable}:`));
  });

  it('parses REDIS_CLUSTER_NODES and REDIS_MIN_REPLICAS_ACK, and says whether state is shared', () => {
    const config = loadConfig(
      { REDIS_CLUSTER_NODES: ' 127.0.0.1:7101, redis-a.internal:6379,[::1]:7103 ', REDIS_MIN_REPLICAS_ACK: '1' },
      catalogue.families,
    );
    expect(config.REDIS_CLUSTER_NODES).toEqual([
      { host: '127.0.0.1', port: 7101 },
      { host: 'redis-a.internal', port: 6379 },
      { host: '::1', port: 7103 },
    ]);
    expect(config.REDIS_MIN_REPLICAS_ACK).toBe(1);
    expect(usesSharedStore(config)).toBe(true);
    const plain = loadConfig({ REDIS_CLUSTER_NODES: '' }, catalogue.families);
    expect(plain).toMatchObject({ REDIS_CLUSTER_NODES: undefined, REDIS_MIN_REPLICAS_ACK: 0 });
    expect(usesSharedStore(plain)).toBe(false);
  });

  it('never echoes a key in the error', () => {
    expect(() => loadConfig({ API_KEYS: 'sk_live_secretvalue=abc' }, catalogue.families)).toThrow(/^(?!.*secretvalue)/);
  });
});
