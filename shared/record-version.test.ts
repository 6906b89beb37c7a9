import { describe, expect, it } from 'vitest';
import { language } from './entities/index.ts';
import { ifMatchAdmits, isMalformedIfMatch, recordVersion } from './record-version.ts';

describe('record versions', () => {
  const record = { id: 1, language: 'English', isActive: true };

  it('hashes the values in field order: any change gives a new strong tag, key order does not', () => {
    const version = recordVersion(language, record);
    expect(version).toMatch(/^"[0-9a-f]{32}"$/);
    expect(recordVersion(language, { isActive: true, language: 'English', id: 1 })).toBe(version);
    expect(recordVersion(language, { ...record, isActive: false })).not.toBe(version);
    expect(recordVersion(language, { ...record, language: 'english' })).not.toBe(version);
  });

  it('compares If-Match strongly: *, a list, never a weak tag', () => {
    expect(ifMatchAdmits('*', '"a"')).toBe(true);
    expect(ifMatchAdmits('"b", "a"', '"a"')).toBe(true);
    expect(ifMatchAdmits('W/"a"', '"a"')).toBe(false);
    expect(ifMatchAdmits('"b"', '"a"')).toBe(false);
  });

  it('knows a malformed If-Match', () => {
    expect(isMalformedIfMatch('abc')).toBe(true);
    expect(isMalformedIfMatch('"abc')).toBe(true);
    expect(isMalformedIfMatch('"a", W/"b"')).toBe(false);
    expect(isMalformedIfMatch(' * ')).toBe(false);
  });
});
