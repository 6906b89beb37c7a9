import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanName, nameKey, sameName, USERNAME_LIMITS } from './names.ts';

const clean = (raw: string) => cleanName(raw, USERNAME_LIMITS);

describe('the rule of usernames and token names (issue 43)', () => {
  it('refuses control characters, naming them', () => {
    expect(clean('admin\u001b[2J')).toEqual({
      ok: false,
      reason: 'contains the character U+001B, a control character',
    });
    expect(clean('admin\nroot')).toMatchObject({ ok: false, reason: expect.stringContaining('U+000A') });
    expect(clean('ad\tmin')).toMatchObject({ ok: false, reason: expect.stringContaining('control') });
  });

  it('refuses format and other invisible characters, and line separators', () => {
    for (const [raw, named] of [
      ['ad\u200Bmin', 'a zero-width space (U+200B)'],
      ['ad\u200Dmin', 'a zero-width joiner (U+200D)'],
      ['admin\u202E', 'the character U+202E'],
      ['ad\u00ADmin', 'a soft hyphen (U+00AD)'],
      ['\uFEFFadmin', 'a zero-width no-break space (U+FEFF)'],
      ['ad\u3164min', 'the character U+1160'],
    ]) {
      expect(clean(raw!), raw).toEqual({ ok: false, reason: `contains ${named}, an invisible character` });
    }
    expect(clean('ad\u2028min')).toEqual({
      ok: false,
      reason: 'contains the character U+2028, a line break',
    });
  });

  it('normalises to NFKC: full-width letters, ligatures and other spaces are the plain ones', () => {
    expect(clean('ＡＤＭＩＮ')).toEqual({ ok: true, name: 'ADMIN' });
    expect(clean('ﬁona')).toEqual({ ok: true, name: 'fiona' });
    expect(clean('Ana\u00A0María')).toEqual({ ok: true, name: 'Ana María' });
    expect(clean('Jose\u0301')).toEqual({ ok: true, name: 'José' });
  });

  it('keeps its length limits in characters, and refuses spaces at either end', () => {
    expect(clean('ab')).toEqual({ ok: false, reason: 'must be 3 to 200 characters' });
    expect(clean('é'.repeat(200))).toMatchObject({ ok: true });
    expect(clean('é'.repeat(201))).toMatchObject({ ok: false });
    expect(clean(' admin')).toEqual({ ok: false, reason: 'must not start or end with a space' });
    expect(cleanName('', { min: 1, max: 100 })).toEqual({ ok: false, reason: 'is required' });
  });

  it('compares names without regard to case', () => {
    expect(sameName('ADMIN', 'admin')).toBe(true);
    expect(sameName('Straße', 'STRASSE')).toBe(true);
    expect(sameName('ＡＤＭＩＮ', 'Admin')).toBe(true);
    expect(sameName('admin', 'admins')).toBe(false);
  });

  it('stores only names it would store again unchanged, free of control and format characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (raw) => {
        const result = clean(raw);
        if (!result.ok) return;
        expect(result.name.normalize('NFKC')).toBe(result.name);
        expect(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(result.name)).toBe(false);
        expect(clean(result.name)).toEqual(result);
        // A name and its case variants are one name.
        expect(sameName(result.name, result.name.toUpperCase())).toBe(true);
        expect(nameKey(nameKey(result.name))).toBe(nameKey(result.name));
      }),
      { seed: 43, numRuns: 500 },
    );
  });
});
