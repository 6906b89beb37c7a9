import { MAX_COMMAND_LENGTH } from '#shared/change-set-wire.ts';
import type { ChangeSetTag } from '#shared/api-client/index.ts';

/**
 * A version 4 uuid from `getRandomValues`, which (unlike `randomUUID`) the browser also offers on
 * a plain-HTTP origin that is not localhost.
 */
export function newUuid(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A new change set for one panel action (`panel: bulk update words …`): every write it makes
 * carries its id, so the action is listed, shown and undone as one unit, like a CLI run.
 */
export function panelChangeSet(command: string): ChangeSetTag {
  const text = `panel: ${command}`;
  return {
    id: newUuid(),
    command: text.length > MAX_COMMAND_LENGTH ? `${text.slice(0, MAX_COMMAND_LENGTH - 1)}…` : text,
    recorded: 0,
  };
}
