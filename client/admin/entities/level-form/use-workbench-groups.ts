import { useState } from 'react';
import { useLocation } from 'react-router';
import { useHydrated } from '#client/admin/components/useHydrated.ts';
import { errorMessage, type Row } from '../entity-api.ts';
import type { Option } from '../fields/references.ts';
import type { FormData } from '../form/form-loader.ts';
import type { FormMode } from '../form/form-values.ts';
import { editPath } from '../paths.ts';
import { linkGroups, type LinkFailure } from './linked-groups.ts';
import type { LinkRetry } from './WorkbenchGroups.tsx';

/** Navigation state of the edit form a new level lands on when some of its links failed. */
interface LinkArrival {
  linkFailures: { levelId: number; failures: LinkFailure[] };
}

function arrivalOf(state: unknown, levelId: unknown): LinkArrival['linkFailures'] | null {
  const arrival = (state as Partial<LinkArrival> | null)?.linkFailures;
  if (!arrival || arrival.levelId !== levelId || !Array.isArray(arrival.failures)) return null;
  return arrival;
}

const plural = (n: number) => `${n} letter group${n === 1 ? '' : 's'}`;

/**
 * The workbench's letter groups and what saving does with them. Adding: the picked ones, linked
 * after the level is created when asked (on by default once some are picked); links that fail
 * leave the level saved and open its edit form, which names them with a Retry. Editing: the
 * level's linked ones, which the manager may swap to ask "what if".
 */
export function useWorkbenchGroups(mode: FormMode, data: FormData) {
  const hydrated = useHydrated();
  const location = useLocation();
  const [linked, setLinked] = useState<Option[] | null>(() =>
    mode === 'add' ? [] : (data.extras.linkedGroups ?? null),
  );
  // Arriving from a save whose links partly failed (navigation state, read once hydrated so the
  // server's render is matched): those links are to retry, less any linked meanwhile (a reload
  // after a retry), and their letter groups are judged with the linked ones.
  const arrival = hydrated ? arrivalOf(location.state, data.record?.id) : null;
  const [retried, setRetried] = useState<LinkFailure[] | null>(null);
  const atLoad = new Set((data.extras.linkedGroups ?? []).map((o) => o.value));
  const failures = retried ?? arrival?.failures.filter((f) => !atLoad.has(f.group.value)) ?? [];
  // undefined until the manager picks: the linked ones, and those still to link.
  const [picked, setPicked] = useState<Option[] | null | undefined>(undefined);
  const toLink = failures.map((f) => f.group).filter((g) => !linked?.some((o) => o.value === g.value));
  const chosen = picked !== undefined ? picked : linked && [...linked, ...toLink];
  const [linkChoice, setLinkChoice] = useState<boolean | null>(null);
  const link = (chosen ?? []).length > 0 && (linkChoice ?? true);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const retry: LinkRetry | null = arrival
    ? {
        levelId: arrival.levelId,
        failures,
        busy,
        done,
        retry() {
          setBusy(true);
          setDone(null);
          void linkGroups(
            arrival.levelId,
            failures.map((f) => f.group),
          ).then((still) => {
            const made = failures.filter((f) => !still.some((s) => s.group.value === f.group.value));
            setLinked((current) => [...(current ?? []), ...made.map((f) => f.group)]);
            setRetried(still);
            setBusy(false);
            if (still.length === 0) setDone(`Linked ${plural(made.length)} to level ${arrival.levelId}.`);
          });
        },
      }
    : null;

  /** After a new level is created: its links, and where to go when some failed. */
  async function afterCreate(stored: Row): Promise<{ to: string; state: LinkArrival } | null> {
    const groups = chosen ?? [];
    if (!link || groups.length === 0) return null;
    const levelId = Number(stored.id);
    const failures = await linkGroups(levelId, groups).catch((error: unknown) =>
      groups.map((group) => ({ group, message: errorMessage(error) })),
    );
    if (failures.length === 0) return null;
    return {
      to: `${editPath('level', levelId)}${location.search}`,
      state: { linkFailures: { levelId, failures } },
    };
  }

  return {
    chosen,
    setChosen: setPicked,
    linked,
    link,
    setLink: setLinkChoice,
    retry,
    afterCreate: mode === 'add' ? afterCreate : undefined,
  };
}
