/**
 * The AWS query protocol's answer read into JSON (upstream/queryAnswer.ts) by the generated shape, and the bounded
 * XML reader under it (upstream/xmlReader.ts): lists (`member` and model-named), maps, nesting, numbers, booleans,
 * errors, and hostile documents (DTDs, entities, depth, size), which are refused quickly instead of expanded.
 */
import { describe, expect, it } from 'vitest';
import type { QueryShape } from '../../templates/runtime/definition.js';
import { parseBytes } from '../../templates/runtime/upstream/body.js';
import { sendUpstream } from '../../templates/runtime/upstream/http.js';
import { answerJson, readQueryAnswer } from '../../templates/runtime/upstream/queryAnswer.js';
import { parseXml, XmlRefused } from '../../templates/runtime/upstream/xmlReader.js';

const NS = 'xmlns="http://elasticache.amazonaws.com/doc/2015-02-02/"';
const wrap = (result: string) =>
  `<?xml version="1.0"?>\n<OpResponse ${NS}>\n  <OpResult>${result}</OpResult>\n  <ResponseMetadata><RequestId>r-1</RequestId></ResponseMetadata>\n</OpResponse>`;
const read = (xml: string, output?: QueryShape) => answerJson(parseXml(xml), { action: 'Op', ...(output ? { output } : {}) });

describe('query answers read by their shape', () => {
  const clusters: QueryShape = {
    members: {
      CacheClusters: {
        list: {
          members: {
            NumCacheNodes: 'number',
            AutoMinorVersionUpgrade: 'boolean',
            CacheNodes: { list: { members: {} }, member: 'CacheNode' },
          },
        },
        member: 'CacheCluster',
      },
    },
  };
  it.each<[string, string, QueryShape | undefined, unknown]>([
    [
      'text members of the Result, metadata left out',
      '<Id>c-1</Id><Status>creating</Status>',
      undefined,
      { Id: 'c-1', Status: 'creating' },
    ],
    [
      'a one-item list named by the model is still a list',
      '<CacheClusters><CacheCluster><NumCacheNodes>1</NumCacheNodes></CacheCluster></CacheClusters>',
      clusters,
      { CacheClusters: [{ NumCacheNodes: 1 }] },
    ],
    ['an empty list', '<CacheClusters/>', clusters, { CacheClusters: [] }],
    [
      'nested lists, numbers and booleans',
      '<CacheClusters><CacheCluster><AutoMinorVersionUpgrade>true</AutoMinorVersionUpgrade><CacheNodes><CacheNode><Id>0001</Id></CacheNode><CacheNode><Id>0002</Id></CacheNode></CacheNodes></CacheCluster></CacheClusters>',
      clusters,
      { CacheClusters: [{ AutoMinorVersionUpgrade: true, CacheNodes: [{ Id: '0001' }, { Id: '0002' }] }] },
    ],
    [
      '`member` items of text',
      '<Names><member>a</member><member>b</member></Names>',
      { members: { Names: { list: 'string' } } },
      { Names: ['a', 'b'] },
    ],
    [
      'a flattened list gathers its repeated elements',
      '<Item>a</Item><Other>x</Other><Item>b</Item>',
      { members: { Item: { list: 'string', flat: true } } },
      { Item: ['a', 'b'], Other: 'x' },
    ],
    [
      'a flattened list named by its member (SQS ReceiveMessage: <Message> items of Messages)',
      '<Message><Body>a</Body></Message><Message><Body>b</Body></Message>',
      { members: { Messages: { list: { members: {} }, member: 'Message', flat: true } } },
      { Messages: [{ Body: 'a' }, { Body: 'b' }] },
    ],
    [
      'a map of entry key/value',
      '<Attrs><entry><key>Policy</key><value>{}</value></entry><entry><key>Delay</key><value>5</value></entry></Attrs>',
      { members: { Attrs: { map: 'number' } } },
      { Attrs: { Policy: '{}', Delay: 5 } },
    ],
    [
      'a number that is not one stays text (NaN has no JSON)',
      '<N>NaN</N><M>-1.5e3</M>',
      { members: { N: 'number', M: 'number' } },
      { N: 'NaN', M: -1500 },
    ],
    ['a repeat the shape does not know becomes a list', '<X>1</X><X>2</X><X>3</X>', undefined, { X: ['1', '2', '3'] }],
    ['a member named __proto__ is data', '<__proto__>x</__proto__>', undefined, JSON.parse('{"__proto__":"x"}')],
    [
      'entities, character references and CDATA',
      '<T>a &lt;b&gt; &amp; &#233;&#x1F600; <![CDATA[<raw>&amp;]]></T>',
      undefined,
      { T: 'a <b> & é😀 <raw>&amp;' },
    ],
  ])('%s', (_label, result, shape, expected) => {
    expect(read(wrap(result), shape)).toEqual(expected);
  });

  it('an operation without output answers {}', () => {
    expect(read(`<OpResponse ${NS}><ResponseMetadata><RequestId>r</RequestId></ResponseMetadata></OpResponse>`)).toEqual({});
  });

  it('an ErrorResponse is read as it is: Error.Code, Message and Type, and RequestId', () => {
    const xml =
      '<ErrorResponse xmlns="http://elasticache.amazonaws.com/doc/2015-02-02/"><Error><Type>Sender</Type><Code>CacheClusterNotFound</Code><Message>CacheCluster c-9 not found.</Message></Error><RequestId>r-2</RequestId></ErrorResponse>';
    expect(read(xml)).toEqual({
      ErrorResponse: { Error: { Type: 'Sender', Code: 'CacheClusterNotFound', Message: 'CacheCluster c-9 not found.' }, RequestId: 'r-2' },
    });
  });

  it('sets the body json, and scrubs a secret that only character references spelt', () => {
    const xml = wrap('<Token>&#115;ecret-token-1</Token>');
    const body = readQueryAnswer(parseBytes(Buffer.from(xml), 'text/xml', xml.length, false, ['secret-token-1']), { action: 'Op' }, [
      'secret-token-1',
    ]);
    expect(body.json).toEqual({ Token: '[redacted]' });
  });

  it('leaves a body that is not XML as it is, even when it starts with "<" (a proxy\'s HTML page)', () => {
    const html = '<!DOCTYPE html><html><body>502 Bad Gateway</body></html>';
    const page = parseBytes(Buffer.from(html), 'text/html', html.length, false);
    expect(readQueryAnswer(page, { action: 'Op' }, [])).toBe(page);
  });

  it('leaves JSON, binary and oversize bodies alone', () => {
    const json = parseBytes(Buffer.from('{"a":1}'), 'application/json', 7, false);
    expect(readQueryAnswer(json, { action: 'Op' }, [])).toBe(json);
    const cut = parseBytes(Buffer.from('<OpResponse>'), 'text/xml', 99, true);
    expect(readQueryAnswer(cut, { action: 'Op' }, [])).toBe(cut);
  });
});

describe('hostile XML is refused, quickly', () => {
  const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><lolz>&lol2;</lolz>`;
  const xxe = `<?xml version="1.0"?><!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><OpResponse><OpResult><A>&xxe;</A></OpResult></OpResponse>`;
  it.each([
    ['billion laughs (a DTD with entities)', laughs, /DOCTYPE/],
    ['an external entity (XXE)', xxe, /DOCTYPE/],
    ['an entity no DTD declared', '<a>&xxe;</a>', /undeclared entity/],
    ['a bare ampersand', '<a>fish & chips</a>', /bare "&"/],
    ['a NUL character reference', '<a>&#0;</a>', /undeclared entity/],
    ['mismatched tags', '<a><b></a></b>', /unexpected closing tag/],
    ['an unclosed element', '<a><b></b>', /unclosed element/],
    ['two roots', '<a/><b/>', /more than one root/],
    ['text outside the root', 'junk<a/>', /before the root/],
    ['an unterminated comment', '<a><!-- never closed', /unterminated comment/],
    ['nesting past the limit', `${'<a>'.repeat(10_000)}${'</a>'.repeat(10_000)}`, /deeper than 64/],
  ])('%s', (_label, xml, reason) => {
    expect(() => parseXml(xml)).toThrow(XmlRefused);
    expect(() => parseXml(xml)).toThrow(reason);
  });

  it('refuses past the element count, and reads megabytes of crafted text in linear time', () => {
    expect(() => parseXml(`<a>${'<b/>'.repeat(20)}</a>`, { depth: 64, elements: 10 })).toThrow(/more than 10 elements/);
    const started = performance.now();
    const many = `<a>${'<b x=">&gt;"/>'.repeat(400_000)}</a>`;
    expect(parseXml(many).children.length).toBe(400_000);
    const text = `<a>${'&amp;'.repeat(800_000)}</a>`;
    expect(parseXml(text).text.length).toBe(800_000);
    expect(() => parseXml(`<a>${'<'.repeat(8_000_000)}`)).toThrow(XmlRefused);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('every answer of a query operation is read on arrival, a hostile one marked unparseable (sendUpstream)', async () => {
    const request = { method: 'POST' as const, url: 'https://q.example/', headers: {}, awsQuery: { action: 'Op', version: 'v' } };
    const answering = (xml: string) => async () => new Response(xml, { status: 200, headers: { 'content-type': 'text/xml' } });
    const good = await sendUpstream(request, { fetch: answering(wrap('<Id>c-1</Id>')), timeoutMs: 5_000 });
    expect(good.ok && good.body.json).toEqual({ Id: 'c-1' });
    const hostile = await sendUpstream(request, { fetch: answering(laughs), timeoutMs: 5_000 });
    expect(hostile.ok && hostile.body.problem?.kind).toBe('unparseable');
  });

  it('marks the body unparseable instead of throwing', () => {
    const body = readQueryAnswer(parseBytes(Buffer.from(laughs), 'text/xml', laughs.length, false), { action: 'Op' }, []);
    expect(body.json).toBeUndefined();
    expect(body.problem).toEqual({ kind: 'unparseable', reason: 'XML refused: a document type declaration (DOCTYPE) is not accepted' });
  });
});
