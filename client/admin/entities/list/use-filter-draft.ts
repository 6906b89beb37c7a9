import { useCallback, useEffect, useRef, useState } from 'react';

/** How long typing must pause before a text or number filter reloads the list. */
export const TYPING_PAUSE_MS = 300;

/**
 * What the filter inputs show. It follows the URL (back/forward, 'Clear All Filters', a shared link)
 * except for values the user typed after the ones being loaded, which must not be overwritten by
 * the slower round trip of their own earlier keystrokes.
 */
export function useFilterDraft(
  fromUrl: Record<string, string>,
  apply: (filters: Record<string, string>) => void,
) {
  const urlKey = JSON.stringify(fromUrl);
  const [draft, setDraft] = useState(fromUrl);
  const [seenUrl, setSeenUrl] = useState(urlKey);
  const [pushed, setPushed] = useState<Record<string, string> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Adjusting state while rendering (React's pattern for "state derived from a changing prop").
  if (seenUrl !== urlKey) {
    setSeenUrl(urlKey);
    setPushed(null);
    setDraft((current) => {
      const next: Record<string, string> = {};
      for (const [field, value] of Object.entries(fromUrl)) {
        next[field] = pushed && pushed[field] === value ? (current[field] ?? value) : value;
      }
      return next;
    });
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const push = useCallback(
    (filters: Record<string, string>) => {
      clearTimeout(timer.current);
      setPushed(filters);
      apply(filters);
    },
    [apply],
  );

  /** A changed value: selects apply at once, typed values once typing pauses. */
  const change = useCallback(
    (field: string, value: string, immediately: boolean) => {
      const next = { ...draft, [field]: value };
      setDraft(next);
      clearTimeout(timer.current);
      if (immediately) push(next);
      else timer.current = setTimeout(() => push(next), TYPING_PAUSE_MS);
    },
    [draft, push],
  );

  return { draft, change, submit: () => push(draft) };
}
