import type { AnyEntity } from '#shared/entities/index.ts';
import { authPaths } from './auth-paths.ts';
import { changeSetPaths, changeSetTag } from './change-set-paths.ts';
import { difficultyPaths, difficultyReportSchema } from './difficulty-paths.ts';
import { dictionaryPaths, dictionarySchemas } from './dictionary-paths.ts';
import { healthPaths, healthReportSchema } from './health-paths.ts';
import { historyPaths } from './history-paths.ts';
import { linkBuilderPaths, linkBuilderTag } from './link-paths.ts';
import { resourcePaths } from './paths.ts';
import { teamPaths, teamTag } from './team-paths.ts';
import { componentSchemas } from './schemas.ts';
import { solvabilityPaths, withSolvableFilter } from './solvability-paths.ts';

/**
 * The OpenAPI 3.1 description of the embedded API, built from the entity descriptions and the same
 * zod schemas the server validates with. Operations the SPEC §7 contract does not list are marked
 * `x-extension: true`.
 */
export function openApiDocument(options: { prefix: string; entities: readonly AnyEntity[] }) {
  const paths = Object.assign(
    {},
    authPaths,
    ...options.entities.map(resourcePaths),
    changeSetPaths,
    healthPaths,
    historyPaths,
    options.entities.some((e) => e.name === 'level') ? solvabilityPaths : {},
    options.entities.some((e) => e.name === 'level') ? difficultyPaths : {},
    options.entities.some((e) => e.name === 'word') ? dictionaryPaths : {},
    linkBuilderPaths,
    teamPaths,
  ) as Record<string, Record<string, unknown>>;
  withSolvableFilter(paths);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Argus Words content API',
      version: '1.0.0',
      description: [
        'The content API of SPEC §7, as embedded in the server.',
        'Responses name fields in camelCase with foreign keys as languageId, stageId, letterGroupId, levelId, wordId, userId;',
        'request bodies also accept idLanguage, idStage, idLetterGroup, idLevel, idWord, idUser (and the other aliases listed per field).',
        'Extensions of the contract: GET by id for every resource, POST for the link tables, POST {resource}/cms/bulk, bulk-update and bulk-delete, GET {resource}/cms/export, the audit log with the revert of one entry, change sets (undo), the trash (restore), the content health report, the solvability of levels, the difficulty of levels for players, words checked against dictionaries with decisions on them, and the link builder.',
      ].join(' '),
    },
    servers: [{ url: options.prefix }],
    tags: [
      { name: 'Authentication' },
      ...options.entities.map((e) => ({ name: e.labelPlural })),
      changeSetTag,
      linkBuilderTag,
      teamTag,
      { name: 'Content Health' },
      { name: 'Trash', description: 'Rows deleted in the last 30 days, restorable with their ids.' },
    ],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The accessToken of POST /auth/verify-otp (15 minutes) of an admin who completed 2FA, or an API token (argus_…) created in the Team screen.',
        },
      },
      schemas: {
        ...componentSchemas(options.entities),
        HealthReport: healthReportSchema,
        DifficultyReport: difficultyReportSchema,
        ...dictionarySchemas,
      },
    },
  };
}
