import { useState } from 'react';
import { useRevalidator } from 'react-router';

export interface TeamNotice {
  kind: 'success' | 'error';
  text: string;
}

/**
 * Runs one change to the team in the browser (through the panel's proxy), then reloads the
 * screen's data. A refusal is shown as the API worded it; what the person typed stays.
 */
export function useTeamAction() {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<TeamNotice | null>(null);
  async function run(work: () => Promise<string | null>): Promise<boolean> {
    setBusy(true);
    setNotice(null);
    try {
      const done = await work();
      if (done) setNotice({ kind: 'success', text: done });
      await revalidator.revalidate();
      return true;
    } catch (error) {
      setNotice({ kind: 'error', text: error instanceof Error ? error.message : String(error) });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, notice, run, clear: () => setNotice(null) };
}
