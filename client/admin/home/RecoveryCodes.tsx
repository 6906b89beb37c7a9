import { useState } from 'react';

const FILE_NAME = 'argus-words-recovery-codes.txt';

/**
 * Shown once, right after enrolment: the single-use recovery codes, with the instruction to store
 * them, copy and download helpers, and Continue to the panel home.
 */
export function RecoveryCodes({ codes, onContinue }: { codes: string[]; onContinue(): void }) {
  const [note, setNote] = useState('');
  const text = codes.join('\n') + '\n';

  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setNote('Codes copied to the clipboard.'),
      () => setNote('Copying is not allowed here: select the codes and copy them yourself.'),
    );
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = FILE_NAME;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
    setNote(`Saved as ${FILE_NAME}.`);
  };

  return (
    <section className="panel-narrow" aria-labelledby="recovery-heading">
      <h1 id="recovery-heading" className="h3 mb-3">
        Save your recovery codes
      </h1>
      <p>
        Two-factor authentication is now set up. Store these recovery codes somewhere safe, such as a password
        manager. If you lose access to your authentication app, each code lets you log in once in place of the
        6-digit code.
      </p>
      <p className="fw-semibold">They are shown only this once.</p>
      <ol className="panel-recovery-codes list-unstyled card card-body mb-3" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="d-flex flex-wrap gap-2 mb-2">
        <button type="button" className="btn btn-outline-secondary" onClick={copy}>
          Copy codes
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={download}>
          Download codes
        </button>
        <button type="button" className="btn btn-primary ms-auto" onClick={onContinue}>
          Continue
        </button>
      </div>
      <p role="status" className="small text-body-secondary">
        {note}
      </p>
    </section>
  );
}
