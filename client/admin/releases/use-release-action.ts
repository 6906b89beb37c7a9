import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { errorMessage } from '../entities/entity-api.ts';

/**
 * Runs one call of the Releases screen in the browser (through the panel's proxy), then reloads
 * the screen's data. A refusal is shown as the API worded it; what was typed stays.
 */
export function useReleaseAction() {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  async function run(work: () => Promise<string | null>): Promise<boolean> {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      setDone(await work());
      await revalidator.revalidate();
      return true;
    } catch (failure) {
      setError(errorMessage(failure));
      await revalidator.revalidate();
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, done, run };
}
