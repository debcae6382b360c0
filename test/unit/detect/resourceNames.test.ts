/** Issue 23 item 5: which APIs are Google's (their AIP-122 resource names keep their slashes). */
import { describe, expect, it } from 'vitest';
import { followsAips, isGoogleApi, resourceNameParam } from '../../../src/detect/index.js';

describe('isGoogleApi', () => {
  it.each([
    ['https://texttospeech.googleapis.com/', true],
    ['https://googleapis.com', true],
    ['//speech.googleapis.com/v1', true],
    ['https://SPEECH.GOOGLEAPIS.COM:443/v1', true],
    ['https://user@x.googleapis.com', true],
    ['https://{region}-aiplatform.googleapis.com/', true],
    ['https://googleapis.com.evil.example/', false],
    ['https://notgoogleapis.com/', false],
    ['https://evil.example/?next=x.googleapis.com', false],
    ['https://evil.example/x.googleapis.com', false],
    ['/v1', false],
    ['', false],
  ])('%s → %s', (url, google) => {
    expect(isGoogleApi({ servers: [{ url, variables: {} }] })).toBe(google);
  });
});

describe('resourceNameParam', () => {
  it.each([
    ['/v1/{name}', 'name'],
    ['/v1/{name}:cancel', 'name'],
    ['/v1/{parent}/operations?alt=json', 'parent'],
    ['/v1/projects/{project}', null],
    ['/{name}', null],
    ['/v1/{a}{b}', null],
  ])('%s → %s', (path, param) => {
    expect(resourceNameParam(path)).toBe(param);
  });
});

describe('followsAips', () => {
  const elsewhere = { servers: [{ url: 'https://speech.example.com/', variables: {} }] };
  it('an API on googleapis.com, or one whose jobs are AIP-151 Operations', () => {
    expect(followsAips({ servers: [{ url: 'https://speech.googleapis.com/', variables: {} }] }, [])).toBe(true);
    expect(followsAips(elsewhere, [{ doneField: 'done' }])).toBe(true);
    expect(followsAips(elsewhere, [{ doneField: null }])).toBe(false);
    expect(followsAips(elsewhere, [])).toBe(false);
  });
});
