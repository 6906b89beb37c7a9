import { auditEntry, contentEntities, type AnyEntity, type EntityName } from '../entities/index.ts';
import { authClient, type AuthClient } from './auth.ts';
import { changeSetsClient, type ChangeSetsClient } from './change-sets.ts';
import { difficultyClient, type DifficultyClient } from './difficulty.ts';
import { dictionaryClient, type DictionaryClient } from './dictionary.ts';
import { healthClient, type HealthClient } from './content-health.ts';
import { historyClient, type HistoryClient } from './history.ts';
import { linkBuilderClient, type LinkBuilderClient } from './links.ts';
import {
  genericResource,
  typedResource,
  type GenericResourceClient,
  type ResourceClient,
} from './resources.ts';
import { solvabilityClient, type SolvabilityClient } from './solvability.ts';
import { createTransport, type ApiClientOptions } from './transport.ts';
import { teamClient, type TeamClient } from './team.ts';
import { releasesClient, type ReleasesClient } from './releases.ts';

/** `letter-group-levels` → `letterGroupLevels`. */
type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

export const camelCase = (name: string): string =>
  name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The entities with a resource client: the nine content entities and the audit log. */
export const clientEntities = [...contentEntities, auditEntry] as const;
type ClientEntity = (typeof clientEntities)[number];

/** `client.levels`, `client.letterGroupWords`, …, `client.audit`: one typed client per resource. */
export type ResourceClients = {
  readonly [E in ClientEntity as CamelCase<E['resource']>]: ResourceClient<E>;
};

export type ApiClient = ResourceClients & {
  readonly auth: AuthClient;
  /** Change sets: list, show, undo (`change-sets/cms/…`). */
  readonly changeSets: ChangeSetsClient;
  /** The content health report (`health/cms`). */
  readonly health: HealthClient;
  /** How players fare on each level of a stage (`levels/cms/difficulty`). */
  readonly difficulty: DifficultyClient;
  /** Words against each language's dictionary, and decisions on them (issue 46). */
  readonly dictionary: DictionaryClient;
  /** Revert an audit entry; the trash and its restore (`audit/cms/{id}/revert`, `trash/cms/…`). */
  readonly history: HistoryClient;
  /** The solvability of levels (issue 13). */
  readonly solvability: SolvabilityClient;
  /** The link builder: a letter group's plan and its apply, link jobs. */
  readonly linkBuilder: LinkBuilderClient;
  /** Accounts, invitations, API tokens and who am I (issue 33). */
  readonly team: TeamClient;
  /** Releases: list, diff, the draft, publish, rollback, widen, schedules (issue 45). */
  readonly releases: ReleasesClient;
  /** The client of any entity by name, for code that works from descriptions. */
  resource(name: EntityName): GenericResourceClient;
};

/**
 * The typed client of the content API (SPEC §7 and the documented extensions). Runs unchanged in
 * Node and the browser: fetch only, JSON both ways, bearer + refresh-on-401 when given a token store.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const transport = createTransport(options);
  const generic = new Map<EntityName, GenericResourceClient>();
  const typed: Record<string, unknown> = {};
  for (const entity of clientEntities as readonly AnyEntity[]) {
    const client = genericResource(transport, entity);
    generic.set(entity.name, client);
    typed[camelCase(entity.resource)] = typedResource(client, entity);
  }
  return {
    ...(typed as ResourceClients),
    auth: authClient(transport),
    changeSets: changeSetsClient(transport),
    health: healthClient(transport),
    difficulty: difficultyClient(transport),
    dictionary: dictionaryClient(transport),
    history: historyClient(transport),
    solvability: solvabilityClient(transport),
    linkBuilder: linkBuilderClient(transport),
    team: teamClient(transport),
    releases: releasesClient(transport),
    resource(name) {
      const client = generic.get(name);
      if (!client) throw new RangeError(`No entity is called ${JSON.stringify(name)}`);
      return client;
    },
  };
}
