import { describe, expect, it } from 'vitest';
import { familyNames, NAMED_FAMILIES_MAX } from '../../templates/runtime/mcp/sharedJobTools.js';
import { family } from './defs.js';

/** The shared status tool's description names its families; in dynamic mode it must not grow with the API. */
describe('familyNames', () => {
  const families = (n: number) =>
    Array.from({ length: n }, (_, i) => family({ name: `f${i}`, title: `Family ${i}`, starts: [], poll: { via: 'header:location' } }));

  it.each([
    [1, 'Family 0'],
    [NAMED_FAMILIES_MAX, 'Family 0, Family 1, Family 2, Family 3, Family 4, Family 5'],
    [NAMED_FAMILIES_MAX + 6, "12 kinds; list_jobs's family values name them"],
  ])('%i families', (n, expected) => {
    expect(familyNames(families(n), 'list_jobs')).toBe(expected);
  });

  it('says only how many when there is no list tool', () => {
    expect(familyNames(families(NAMED_FAMILIES_MAX + 1), null)).toBe('7 kinds');
  });

  it('stays short however many families follow the first ones', () => {
    expect(familyNames(families(1_000), 'list_jobs')).toBe("1000 kinds; list_jobs's family values name them");
  });
});
