import { useId, useRef, useState } from 'react';
import { useHydrated } from '../components/useHydrated.ts';

/** 'JBSWY3DPEHPK3PXP' → ['JBSW', 'Y3DP', 'EHPK', '3PXP']: easier to read out and type. */
export function keyGroups(key: string): string[] {
  return key.match(/.{1,4}/g) ?? [];
}

/**
 * Under the QR code: the same secret as text, grouped in fours, for authenticator apps (or
 * devices) that cannot scan, with a button copying it without the spaces. Where the clipboard is
 * refused, the key is selected so the usual copy keys work.
 */
export function ManualKey({ secret }: { secret: string }) {
  const id = useId();
  const hydrated = useHydrated();
  const keyRef = useRef<HTMLElement>(null);
  const [status, setStatus] = useState('');

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setStatus('Key copied.');
    } catch {
      const selection = window.getSelection();
      if (keyRef.current && selection) selection.selectAllChildren(keyRef.current);
      setStatus('Copying was refused: the key is selected, copy it with Ctrl+C (⌘C on a Mac).');
    }
  }

  return (
    <section className="panel-manual-key mb-3" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h6 mb-1">
        Can’t scan the code?
      </h2>
      <p className="mb-2" id={`${id}-help`}>
        Enter this key in your authentication app instead (time-based, 6 digits):
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <code ref={keyRef} className="panel-totp-key" aria-describedby={`${id}-help`}>
          {keyGroups(secret).join(' ')}
        </code>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={!hydrated}
          onClick={() => void copy()}
        >
          Copy key
        </button>
      </div>
      <p role="status" className="small mb-0 mt-1">
        {status}
      </p>
    </section>
  );
}
