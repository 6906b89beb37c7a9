import type { Kysely } from 'kysely';
import { entityByName, type AnyEntity, type EntityName } from '#shared/entities/index.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import {
  ACCOUNT_NAME_RULE,
  enforceNaturalKeys,
  LATE_UNIQUE_RULES,
  type PendingRule,
} from '../../db/natural-keys.ts';
import type { Logger } from '../../logger.ts';
import type { Store } from './store.ts';

/** The store's writes: after one of them, a rule waiting for its duplicates to go is checked again. */
const WRITES = ['create', 'update', 'remove', 'bulk', 'bulkUpdate', 'bulkDelete'] as const;

function describe(pending: PendingRule): string {
  const entity = entityByName(pending.rule.entity);
  const keys = pending.duplicates.map((d) => `${JSON.stringify(d.key)} (ids ${d.ids.join(', ')})`);
  const what = entity.naturalKey?.join(', ') ?? '';
  const rule = pending.rule.what
    ? `Rows break a unique rule (${pending.rule.what})`
    : `${entity.labelPlural} share a ${what} that must be unique`;
  return (
    `${rule}: ${keys.join('; ')}. Nothing was merged; ` +
    `new duplicates are refused, and the database enforces the rule once these are resolved ` +
    (pending.rule.what ? `(rename or delete all but one)` : `(argus-words lint lists them)`)
  );
}

/**
 * Start-up warning and prompt enforcement of the late unique rules (db/natural-keys.ts). `start`
 * creates what it can and warns once, naming the duplicates; the wrapped store re-checks a waiting
 * rule right after a write to its table, so the index appears as soon as the last duplicate is
 * edited or deleted, without a restart.
 */
export function createNaturalKeyGuard(database: DatabaseHandle, logger: Logger) {
  const db = database.db as unknown as Kysely<unknown>;
  const waiting = new Map<EntityName, PendingRule>();
  let queue: Promise<unknown> = Promise.resolve();

  async function recheck(entity: AnyEntity): Promise<void> {
    const pending = waiting.get(entity.name);
    if (!pending) return;
    const [left] = await enforceNaturalKeys(db, database.dialect, [pending.rule]);
    if (left) waiting.set(entity.name, left);
    else {
      waiting.delete(entity.name);
      logger.info(
        { naturalKey: { table: pending.rule.table, index: pending.rule.index } },
        'unique rule now enforced',
      );
    }
  }

  return {
    async start(): Promise<PendingRule[]> {
      const pending = await enforceNaturalKeys(db, database.dialect, [
        ...LATE_UNIQUE_RULES,
        ACCOUNT_NAME_RULE,
      ]);
      for (const rule of pending) {
        waiting.set(rule.rule.entity, rule);
        const { table, index } = rule.rule;
        logger.warn({ naturalKey: { table, index, duplicates: rule.duplicates } }, describe(rule));
      }
      return pending;
    },

    /** The rules still waiting (for tests and the lint's hint). */
    waiting: () => [...waiting.values()],

    /** The same store, each write followed by a re-check of its table's waiting rule (one at a time). */
    wrap(store: Store): Store {
      const wrapped: Store = { ...store };
      for (const name of WRITES) {
        const write = store[name] as (entity: AnyEntity, ...rest: never[]) => Promise<unknown>;
        (wrapped as Record<string, unknown>)[name] = async (entity: AnyEntity, ...rest: never[]) => {
          const result = await write(entity, ...rest);
          if (waiting.has(entity.name)) {
            const check = queue.then(() => recheck(entity));
            queue = check.catch(() => undefined);
            await check.catch((error: unknown) =>
              logger.error({ err: error }, 'checking a unique rule after a write failed'),
            );
          }
          return result;
        };
      }
      return wrapped;
    },
  };
}

export type NaturalKeyGuard = ReturnType<typeof createNaturalKeyGuard>;
