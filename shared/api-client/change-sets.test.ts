import { describe, expect, it } from 'vitest';
import { newChangeSet } from './change-sets.ts';

describe('newChangeSet', () => {
  it('is a fresh uuid with the command line, nothing counted yet', () => {
    const a = newChangeSet([
      'argus-words',
      'word',
      'update',
      '--where',
      'letters~zz',
      '--set',
      'isActive=false',
    ]);
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(a.id).not.toBe(newChangeSet([]).id);
    expect(a).toMatchObject({
      command: 'argus-words word update --where letters~zz --set isActive=false',
      recorded: 0,
    });
  });

  it('never records a secret, and quotes what a shell would split', () => {
    const { command } = newChangeSet([
      'argus-words',
      'login',
      '--username',
      'alice',
      '--password-stdin',
      '--otp',
      '123456',
      '--token=abc',
      '--set',
      'hint=two words',
      "it's",
    ]);
    expect(command).toBe(
      "argus-words login --username alice --password-stdin --otp *** --token=*** --set 'hint=two words' 'it'\\''s'",
    );
  });

  it('is cut to the length the server keeps', () => {
    expect(newChangeSet(['x'.repeat(5000)]).command).toHaveLength(2000);
  });
});
