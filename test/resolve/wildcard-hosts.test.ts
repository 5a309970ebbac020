import { describe, expect, it } from 'vitest';
import { formsForHost, indexUrlForms, type DeclaredUrlForm } from '../../src/catalogue/url-forms.js';

const form = (family: string, hosts: string[], example: string): DeclaredUrlForm => ({
  family,
  names: `${family} pages`,
  hosts,
  path: /^\/page\/\d+$/,
  example,
  endpoint: `/v1/${family}/page`,
  params: (url) => ({ url: url.href }),
});

describe('URL forms for every subdomain of a domain', () => {
  const network = form('network', ['network.example', '*.network.example'], 'https://a.network.example/page/1');
  const exact = form('other', ['special.network.example'], 'https://special.network.example/other');

  it('reads a subdomain at any depth through `*.`, a named host first, and never the bare domain through the wildcard', () => {
    const index = indexUrlForms([network, { ...exact, path: /^\/other$/ }]);
    expect(formsForHost(index, 'a.network.example')).toEqual([network]);
    expect(formsForHost(index, 'meta.b.network.example')).toEqual([network]);
    expect(formsForHost(index, 'network.example')).toEqual([network]);
    expect(formsForHost(index, 'special.network.example')?.map((each) => each.family)).toEqual(['other']);
    expect(formsForHost(index, 'network.example.evil')).toBeUndefined();
    expect(formsForHost(index, 'evilnetwork.example')).toBeUndefined();
  });

  it('still refuses two families claiming one form on one named host', () => {
    const rival = form('rival', ['network.example'], 'https://network.example/page/2');
    expect(() => indexUrlForms([network, rival])).toThrow(/URL form conflict/);
  });
});
