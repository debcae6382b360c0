/** The nouns that name a verb's action (read/verbNouns.ts): English derivations, the verb itself first. */
import { describe, expect, it } from 'vitest';
import { verbNouns } from '../../../src/detect/read/verbNouns.js';

describe('verbNouns', () => {
  it.each<[string, string]>([
    ['execute', 'execution'],
    ['provision', 'provisioning'],
    ['deploy', 'deployment'],
    ['register', 'registration'],
    ['verify', 'verification'],
    ['restore', 'restoration'],
    ['scan', 'scanning'],
    ['subscribe', 'subscription'],
    ['Migrate', 'migration'],
  ])('%s is named by %s', (verb, noun) => {
    expect(verbNouns(verb)).toContain(noun);
    expect(verbNouns(verb)[0]).toBe(verb.toLowerCase());
  });

  it.each<[string, string]>([
    ['execute', 'executor'],
    ['create', 'creature'],
    ['run', 'runner'],
  ])('near miss: %s is not named by %s', (verb, noun) => {
    expect(verbNouns(verb)).not.toContain(noun);
  });

  it('reads no verb in what is not a word', () => {
    expect(verbNouns('ok')).toEqual([]);
    expect(verbNouns('get_x')).toEqual([]);
  });
});
