/** Top-level `tags` descriptions reach the IR (toolset texts); junk entries and empty descriptions are left out. */
import { describe, expect, it } from 'vitest';
import { buildFrom, oas3, ok, swagger2 } from './buildFrom.js';

describe('normalizeModel: tag descriptions', () => {
  it('keeps each described tag once (first wins), in both flavours', () => {
    const tags = [
      { name: 'pets', description: ' Everything about pets. ' },
      { name: 'pets', description: 'a duplicate' },
      { name: 'store' },
      { name: 'empty', description: '   ' },
      { name: '__proto__', description: 'a tag, not a prototype' },
      'junk',
      { description: 'no name' },
    ];
    for (const doc of [oas3({ '/p': { get: { responses: ok } } }, { tags }), swagger2({ '/p': { get: { responses: ok } } }, { tags })]) {
      const { model } = buildFrom(doc);
      expect(model.tagDescriptions).toEqual(
        Object.fromEntries([
          ['pets', 'Everything about pets.'],
          ['__proto__', 'a tag, not a prototype'],
        ]),
      );
      expect(Object.getPrototypeOf(model.tagDescriptions)).toBe(Object.prototype);
    }
  });

  it('leaves the field out when no tag has a description', () => {
    expect(buildFrom(oas3({}, { tags: [{ name: 'x' }] })).model.tagDescriptions).toBeUndefined();
    expect(buildFrom(oas3({})).model.tagDescriptions).toBeUndefined();
  });
});
