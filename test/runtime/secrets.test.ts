/** core/secrets.ts: the forms a credential travels in, and scrubbing that never recurses and never cuts first. */
import { describe, expect, it } from 'vitest';
import {
  basicToken,
  collectSecrets,
  cutText,
  REDACTED,
  scrubHeaders,
  scrubSecrets,
  scrubStructured,
  scrubUrl,
  scrubValue,
  secretForms,
} from '../../templates/runtime/core/secrets.js';
import { definition } from './defs.js';

const TOKEN = 'tok/en+with=odd"chars';

describe('secretForms', () => {
  it('holds the raw value and every encoded form, longest first', () => {
    const forms = secretForms([TOKEN]);
    expect(forms).toEqual(
      expect.arrayContaining([
        TOKEN,
        encodeURIComponent(TOKEN),
        encodeURIComponent(TOKEN).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()),
        new URLSearchParams({ v: TOKEN }).toString().slice(2),
        JSON.stringify(TOKEN).slice(1, -1),
        JSON.stringify(TOKEN).slice(1, -1).replaceAll('/', '\\/'),
      ]),
    );
    expect([...forms].sort((a, b) => b.length - a.length)).toEqual(forms);
  });

  it('drops values too short to be credentials', () => {
    expect(secretForms(['abc', ''])).toEqual([]);
  });

  it('collects basic auth as its base64 token too', () => {
    const def = definition([]);
    def.securitySchemes = [{ key: 'b', type: 'basic', env: { username: 'U', password: 'P' } }];
    const secrets = collectSecrets(def, { U: 'alice', P: 's3cret-pw' });
    expect(secrets).toContain(basicToken('alice', 's3cret-pw'));
    expect(secrets).toContain('s3cret-pw');
  });
});

describe('scrubbing', () => {
  const secrets = secretForms([TOKEN]);

  it.each([
    ['raw', `bad token ${TOKEN}!`],
    ['URL-encoded', `?t=${encodeURIComponent(TOKEN)}`],
    ['form-encoded', new URLSearchParams({ t: TOKEN }).toString()],
    ['JSON-escaped', JSON.stringify({ t: TOKEN })],
  ])('removes the %s form from a text', (_form, text) => {
    const out = scrubSecrets(text, secrets);
    expect(out).toContain(REDACTED);
    for (const form of secrets) expect(out).not.toContain(form);
  });

  it('scrubs values and keys of a 10,000-deep document without recursion', () => {
    let deep: unknown = { [TOKEN]: TOKEN };
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const out = scrubValue(deep, secrets);
    let inner: unknown = out;
    for (let i = 0; i < 10_000; i++) inner = (inner as unknown[])[0];
    expect(inner).toEqual({ [REDACTED]: REDACTED });
  });

  // A clean answer is handed back itself only where its JSON text can show every secret form as is.
  it.each([
    ['a plain token', 'sk-live-plain-123', true],
    ['a token JSON escapes', TOKEN, false],
    ['a token with a control character', 'tok\u0001en-42', false],
  ])('scrubs structured output holding %s, in values and keys', (_kind, token, itself) => {
    const forms = secretForms([token]);
    const clean = { job_id: 'job_1', message: 'running', nested: [{ note: 'fine' }] };
    const answer = scrubStructured(clean, forms);
    expect(answer).toEqual(clean);
    expect(answer === clean).toBe(itself);
    const leaky = { job_id: 'job_1', message: `echo ${token}`, nested: [{ [token]: { deep: [token] } }] };
    const out = scrubStructured(leaky, forms);
    expect(out).toEqual({ job_id: 'job_1', message: `echo ${REDACTED}`, nested: [{ [REDACTED]: { deep: [REDACTED] } }] });
    expect(leaky.message).toBe(`echo ${token}`);
  });

  it('scrubs structured output that JSON cannot write (a cycle) by the copy', () => {
    const cyclic: Record<string, unknown> = { message: `echo ${TOKEN}` };
    cyclic.self = cyclic;
    expect(scrubStructured(cyclic, secretForms(['sk-live-plain-123']))).toMatchObject({ message: `echo ${TOKEN}` });
    expect(scrubStructured({ message: 'sk-live-plain-123', self: cyclic }, secretForms(['sk-live-plain-123']))).toMatchObject({
      message: REDACTED,
    });
  });

  it('cuts after scrubbing, so a token straddling the cut leaves no prefix behind', () => {
    const text = `${'x'.repeat(3_994)}${TOKEN}${'y'.repeat(100)}`;
    const naive = scrubSecrets(text.slice(0, 4_000), secrets);
    expect(naive).toContain(TOKEN.slice(0, 6));
    const cut = cutText(text, 4_000, secrets);
    expect(cut).toHaveLength(4_000);
    expect(cut).not.toContain(TOKEN.slice(0, 6));
  });

  it('drops credential query parameters from URLs and scrubs the rest', () => {
    expect(scrubUrl(`https://a.example/p?api_key=${encodeURIComponent(TOKEN)}&v=1`, secrets)).toBe('https://a.example/p?v=1');
    expect(scrubUrl(`/relative/${TOKEN}`, secrets)).toBe(`/relative/${REDACTED}`);
  });

  it('scrubs response headers and keeps every Set-Cookie line apart', () => {
    const headers = new Headers();
    headers.append('location', `https://a.example/poll?key=${encodeURIComponent(TOKEN)}&id=7`);
    headers.append('set-cookie', `echo=${encodeURIComponent(TOKEN)}; Path=/`);
    headers.append('set-cookie', 'affinity=a1; Path=/');
    headers.append('x-request-id', 'r-1');
    const clean = scrubHeaders(headers, secrets);
    expect(clean.get('location')).toBe('https://a.example/poll?id=7');
    expect(clean.getSetCookie()).toEqual([`echo=${REDACTED}; Path=/`, 'affinity=a1; Path=/']);
    expect(clean.get('x-request-id')).toBe('r-1');
    const untouched = new Headers({ a: 'b' });
    expect(scrubHeaders(untouched, secrets)).toBe(untouched);
  });
});
