import { describe, expect, it } from 'vitest';
import { streamXml, type XmlStreamBounds, type XmlStreamEvent } from '../../src/upstream/xml-stream.js';

const BOUNDS: XmlStreamBounds = { recordDepth: 2, maxRecordChars: 10_000, maxDepth: 16, maxRecords: 1000 };

async function* pieces(body: Buffer | string, size = 7): AsyncGenerator<Buffer> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

async function collect(body: Buffer | string, bounds: XmlStreamBounds = BOUNDS, size?: number): Promise<XmlStreamEvent[]> {
  const events: XmlStreamEvent[] = [];
  for await (const event of streamXml(pieces(body, size), bounds)) events.push(event);
  return events;
}

const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:show="https://ns.example.org/show/1.0">
  <channel>
    <title>Show é</title>
    <show:author>Someone</show:author>
    <item><title><![CDATA[One <b>bold</b>]]></title><enclosure url="https://a.example.org/1.mp3" length="0"/></item>
    <item><title>Two &amp; more</title><atom:link href="x"/></item>
  </channel>
</rss>`;

describe('streamXml', () => {
  it('yields the root, then each element at the record depth as a tree, in document order', async () => {
    const events = await collect(FEED);
    expect(events[0]).toMatchObject({ kind: 'root', element: { local: 'rss', attributes: { version: '2.0' } } });
    const records = events.filter((event) => event.kind === 'record');
    expect(records.map((event) => event.element.name)).toEqual(['title', 'show:author', 'item', 'item']);
    expect(records.every((event) => event.kind === 'record' && event.path.join('/') === 'channel')).toBe(true);
    expect(records[0]!.element.text).toBe('Show é');
    const first = records[2]!.element;
    expect(first.children.map((child) => child.name)).toEqual(['title', 'enclosure']);
    expect(first.children[0]!.text).toBe('One <b>bold</b>');
    expect(first.children[1]!.attributes.url).toBe('https://a.example.org/1.mp3');
    expect(records[3]!.element.children[0]!.text).toBe('Two & more');
  });

  it('resolves prefixes by their declarations and keeps an undeclared prefix with a null URI', async () => {
    const records = (await collect(FEED)).filter((event) => event.kind === 'record');
    expect(records[1]!.element).toMatchObject({ prefix: 'show', local: 'author', uri: 'https://ns.example.org/show/1.0' });
    expect(records[3]!.element.children[1]).toMatchObject({ prefix: 'atom', local: 'link', uri: null });
  });

  it('decodes the encoding the XML declaration names, across chunk boundaries', async () => {
    const latin = Buffer.from(
      '<?xml version="1.0" encoding="ISO-8859-1"?><rss><channel><title>Caf\xe9 \xe0 la carte</title></channel></rss>',
      'latin1',
    );
    const records = (await collect(latin, BOUNDS, 3)).filter((event) => event.kind === 'record');
    expect(records[0]!.element.text).toBe('Café à la carte');
    const utf8 = await collect('<rss><channel><title>Grüße</title></channel></rss>', BOUNDS, 1);
    expect(utf8.find((event) => event.kind === 'record')!.element.text).toBe('Grüße');
  });

  it('refuses malformed XML as upstream_schema_drift', async () => {
    await expect(collect('<rss><channel><title>open</channel></rss>')).rejects.toMatchObject({
      code: 'upstream_schema_drift',
      details: { reason: 'malformed' },
    });
    await expect(collect('{"json": true}')).rejects.toMatchObject({ code: 'upstream_schema_drift' });
  });

  it('bounds one record, the nesting and the number of records', async () => {
    const big = `<rss><channel><item><description>${'x'.repeat(200)}</description></item></channel></rss>`;
    await expect(collect(big, { ...BOUNDS, maxRecordChars: 100 })).rejects.toMatchObject({ details: { reason: 'record_too_large' } });
    const deep = `<rss><channel><item>${'<a>'.repeat(20)}${'</a>'.repeat(20)}</item></channel></rss>`;
    await expect(collect(deep)).rejects.toMatchObject({ details: { reason: 'too_deep' } });
    const many = `<rss><channel>${'<item/>'.repeat(11)}</channel></rss>`;
    await expect(collect(many, { ...BOUNDS, maxRecords: 10 })).rejects.toMatchObject({ details: { reason: 'too_many_records' } });
  });

  it('stops reading the body when its reader stops early', async () => {
    let served = 0;
    async function* endless(): AsyncGenerator<Buffer> {
      yield Buffer.from('<rss><channel>');
      for (;;) {
        served++;
        yield Buffer.from('<item><title>t</title></item>');
      }
    }
    let seen = 0;
    for await (const event of streamXml(endless(), { ...BOUNDS, maxRecords: Number.MAX_SAFE_INTEGER })) {
      if (event.kind === 'record' && ++seen === 3) break;
    }
    expect(served).toBeLessThan(10);
  });
});
