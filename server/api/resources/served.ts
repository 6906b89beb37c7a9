import { auditEntry, contentEntities, type AnyEntity } from '#shared/entities/index.ts';

/** Every resource the descriptions list (the nine entities and the audit log), behind requireAdmin. */
export const servedEntities: readonly AnyEntity[] = [...contentEntities, auditEntry];
