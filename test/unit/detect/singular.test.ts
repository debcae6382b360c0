/** Nouns made singular for names: a plural read (`DescribeFileCaches`) must name the noun its create makes. */
import { describe, expect, it } from 'vitest';
import { singular } from '../../../src/detect/familyName.js';

describe('singular', () => {
  it.each([
    ['runs', 'run'],
    ['analyses', 'analysis'],
    ['batches', 'batch'],
    ['branches', 'branch'],
    ['searches', 'search'],
    ['boxes', 'box'],
    ['policies', 'policy'],
    ['status', 'status'],
    ['address', 'address'],
    // -ches from a word in -che: `DescribeFileCaches` reads what `CreateFileCache` makes.
    ['caches', 'cache'],
    ['filecaches', 'filecache'],
    ['niches', 'niche'],
    // The near miss: a word in -ch keeps dropping `es`.
    ['coaches', 'coach'],
    ['catches', 'catch'],
    // A Greek singular in -sis is no plural: Polly's `SpeechSynthesisTask`, IoT Events' `DetectorModelAnalysis`.
    ['analysis', 'analysis'],
    ['synthesis', 'synthesis'],
    ['diagnosis', 'diagnosis'],
    ['syntheses', 'synthesis'],
  ])('%s → %s', (plural, one) => {
    expect(singular(plural)).toBe(one);
  });
});
