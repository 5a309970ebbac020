/**
 * A URL form: one kind of page a family reads (its hosts and path shape), and the endpoint and
 * parameters that serve it. Families declare them; `/v1/resolve`, batches of mixed links and
 * `Post.linkedResource` read any pasted URL through them. The parameters go through the
 * endpoint's own validation, so a form reuses the family's parser instead of being a second one.
 */
export interface UrlForm {
  /** What a URL of this form names, in a few words ("a post", "an account"). */
  names: string;
  /**
   * Hosts carrying the form, lower case, every alias spelled out (www., old., mobile hosts), or
   * `*.` and a domain for every subdomain of it, at any depth (a network's sites on one domain);
   * `'any'` for a form any host may carry (a store's product page): a fallback, tried only on hosts
   * no family's own forms name, never listed among the supported hosts, and left out of the
   * refusal of two families claiming one form (its own endpoint's parser refuses hosts it does not read);
   * `{ setting }` for hosts only the operator names (an allowlist of instances): the hosts of that
   * setting's parsed value (a set of hosts), indexed like declared ones once the gateway has read
   * its settings, and none while the setting is unset.
   */
  hosts: readonly string[] | 'any' | HostsFromSetting;
  /** The path shape, tested on the URL's pathname; it tells apart the forms of one host. */
  path: PathShape;
  /** A URL of the form, shown in the forms list and checked to resolve to `endpoint`. */
  example: string;
  endpoint: `/v1/${string}`;
  /** The endpoint's parameters for a URL of this form (tracking parameters already removed). */
  params(url: URL): Record<string, string>;
  /**
   * The one resource a page is about when `endpoint` serves the list the page shows (a community
   * page shows its posts): lists are what REST, batches and subscriptions want, so they can be
   * batched and watched, while GraphQL `resolve` and `Post.linkedResource` give a Node, this one.
   */
  node?: UrlFormReading;
}

/** An endpoint and the parameters it takes for a URL. */
export interface UrlFormReading {
  endpoint: `/v1/${string}`;
  params(url: URL): Record<string, string>;
}

/** What a URL is read as: the page (the list it shows, if any), or the one resource it is about. */
export type UrlReading = 'page' | 'node';

/** The endpoint and parameters of a form for a reading: its Node's when asked and declared, else its own. */
export const readingOf = (form: UrlForm | DeclaredUrlForm, reading: UrlReading): UrlFormReading =>
  reading === 'node' && form.node !== undefined ? form.node : form;

/** Hosts an operator's setting lists: its parsed value is a set (or list) of lower-case host names. */
export interface HostsFromSetting {
  setting: string;
}

/** A test of a URL's pathname: a regular expression, or a family's own path reader. */
export interface PathShape {
  test(pathname: string): boolean;
}

/** A form with the family that declares it, its hosts read from the settings where they come from there. */
export interface DeclaredUrlForm extends Omit<UrlForm, 'hosts'> {
  hosts: readonly string[] | 'any';
  family: string;
}

/**
 * The hosts of a form whose hosts a setting lists, from the parsed settings; an unset (or empty)
 * setting reads no host. Other forms keep theirs.
 */
export function settledHosts(form: UrlForm, settings: Readonly<Record<string, unknown>>): readonly string[] | 'any' {
  if (!isHostsFromSetting(form.hosts)) return form.hosts;
  const value = settings[form.hosts.setting];
  if (!(value instanceof Set) && !Array.isArray(value)) return [];
  return [...(value as Iterable<unknown>)].filter((host): host is string => typeof host === 'string');
}

/** Whether a form's hosts are the ones a setting lists. */
export const isHostsFromSetting = (hosts: UrlForm['hosts']): hosts is HostsFromSetting => hosts !== 'any' && 'setting' in hosts;

/** Lower-cased host without the trailing dot of a fully qualified name. */
export const formHost = (hostname: string): string => hostname.toLowerCase().replace(/\.$/, '');

/**
 * The forms that read pages of `host`: those naming it, else those naming `*.` and the nearest
 * parent domain that has any (`*.example.com` for `a.b.example.com`); undefined when none do.
 */
export function formsForHost<Form>(byHost: ReadonlyMap<string, readonly Form[]>, host: string): readonly Form[] | undefined {
  const exact = byHost.get(host);
  if (exact !== undefined) return exact;
  for (let dot = host.indexOf('.'); dot !== -1; dot = host.indexOf('.', dot + 1)) {
    const wildcard = byHost.get(`*${host.slice(dot)}`);
    if (wildcard !== undefined) return wildcard;
  }
  return undefined;
}

/**
 * Indexes the forms by host, refusing two families that claim one form: a form of one family
 * whose example another family's form (on the same host) would also read.
 */
export function indexUrlForms(forms: readonly DeclaredUrlForm[]): ReadonlyMap<string, readonly DeclaredUrlForm[]> {
  const byHost = new Map<string, DeclaredUrlForm[]>();
  for (const form of forms) {
    if (form.hosts === 'any')
      throw new Error(`URL form "${form.names}" of ${form.family} is for any host: it is a fallback, not indexed by host`);
    for (const host of form.hosts) {
      if (host !== formHost(host)) throw new Error(`URL form "${form.names}" of ${form.family}: host ${host} must be lower case`);
      const list = byHost.get(host) ?? [];
      list.push(form);
      byHost.set(host, list);
    }
  }
  for (const form of forms) {
    const example = new URL(form.example);
    const rivals = (formsForHost(byHost, formHost(example.hostname)) ?? []).filter(
      (other) => other.family !== form.family && other.path.test(example.pathname),
    );
    if (rivals.length > 0) {
      throw new Error(
        `URL form conflict: ${form.example} (${form.family}) is also claimed by ${rivals.map((rival) => rival.family).join(', ')}`,
      );
    }
  }
  return byHost;
}
