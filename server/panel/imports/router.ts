import { randomUUID } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { ApiError } from '#shared/api-client/index.ts';
import { contentEntities } from '#shared/entities/index.ts';
import { ImportError } from '#shared/import/errors.ts';
import { ServiceUnavailable } from '../../http/unavailable.ts';
import type { Logger } from '../../logger.ts';
import { stateOf } from '../../session/session-data.ts';
import { panelRequestContext } from '../loader-context.ts';
import {
  snapshotOf,
  type ApplyState,
  type ImportHead,
  type ImportStore,
  type StoredImport,
} from './import-store.ts';
import { applyImport, emptyCounts, planImport, WORDS_ENTITY, type Plan, type PreviewRow } from './plan.ts';
import { dropFile, holdUpload } from './upload.ts';

/**
 * `/argusma-words-panel/imports`: the browser uploads a file (raw body, the CLI's size limit), the
 * panel server holds it in an owner-only temp file for the dry run only (through the session's own
 * API client: the browser never holds a token), keeps the plan in the import store (memory, or
 * Redis shared by every instance) and answers the preview a page at a time; `apply` writes the
 * changing rows while the page polls the progress, on whichever instance. An import belongs to the
 * session that uploaded it and is dropped an hour after.
 */

export const PREVIEW_PAGE_SIZE = 50;
/** Rows to write read from the store at a time (the engine gathers them into its chunks). */
const APPLY_BATCH = 1000;
/** An import's id (randomUUID): anything else is no import, and never reaches the store. */
const IMPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const tables = () => contentEntities.map((e) => e.resource);
const entityOf = (resource: unknown) => contentEntities.find((e) => e.resource === resource);

/** One line for the admin: the file's or a row's problem, the API's refusal, never a stack. */
function messageOf(error: unknown): string | null {
  if (error instanceof ImportError) return error.message;
  if (error instanceof ApiError && error.status !== null && error.status < 500) return error.message;
  return null;
}

export function importsRouter(logger: Logger, store: ImportStore): Router {
  const owned = async (req: Request, res: Response): Promise<StoredImport | null> => {
    const id = String(req.params.id);
    const item = IMPORT_ID.test(id) ? await store.get(id) : null;
    if (item && item.owner === req.sessionID) return item;
    res.status(404).json({ message: 'No such import: upload the file again.' });
    return null;
  };
  const loggedIn = (req: Request, res: Response): boolean => {
    if (stateOf(req.session) === 'logged-in') return true;
    res.status(401).json({ message: 'Log in to import.' });
    return false;
  };
  /**
   * A preview page: from the plan in hand (`all`) just after the upload, else from the store. With
   * `flagged`, a page of the rows with verdicts only (kept after the preview rows).
   */
  const summary = async (item: StoredImport, page: number, all?: PreviewRow[], flagged = false) => {
    const size = flagged ? (item.flaggedCount ?? 0) : item.rowCount;
    const totalPages = Math.max(1, Math.ceil(size / PREVIEW_PAGE_SIZE));
    const at = Math.min(Math.max(1, page), totalPages);
    const skip = flagged ? item.rowCount : 0;
    const [from, to] = [skip + (at - 1) * PREVIEW_PAGE_SIZE, skip + Math.min(at * PREVIEW_PAGE_SIZE, size)];
    return {
      id: item.id,
      table: item.table,
      name: item.name,
      counts: item.counts,
      notes: item.notes,
      verdicts: item.verdicts ?? null,
      flaggedCount: item.flaggedCount ?? 0,
      flaggedOnly: flagged,
      page: at,
      totalPages,
      rows: all ? all.slice(from, to) : await store.rows(item.id, from, to),
      apply: item.apply,
    };
  };
  /** The shared store (or another service) did not answer: a logged 503 saying so, never a stack. */
  const unavailable = (req: Request, res: Response, error: unknown): error is ServiceUnavailable => {
    if (!(error instanceof ServiceUnavailable)) return false;
    logger.error({ reqId: req.id, err: error }, 'import request: a service did not answer');
    if (!res.headersSent) res.status(error.status).json({ message: error.message });
    return true;
  };

  const router = Router();

  router.get('/options', (req, res) => {
    if (!loggedIn(req, res)) return;
    res.json({ tables: contentEntities.map((e) => ({ resource: e.resource, label: e.labelPlural })) });
  });

  // `?table=levels&name=levels.csv` or `?words=1&languageId=2&name=list.txt`: the body is the file.
  router.post('/', async (req, res) => {
    if (!loggedIn(req, res)) return;
    const name =
      String(req.query.name ?? 'upload')
        .replace(/[^\w.\- ]/g, '_')
        .slice(0, 120) || 'upload';
    const words = req.query.words === '1';
    const entity = words ? WORDS_ENTITY : entityOf(req.query.table);
    if (!entity) {
      req.resume();
      res.status(400).json({ message: `Choose a table: ${tables().join(', ')}.` });
      return;
    }
    const languageId = Number(req.query.languageId);
    if (words && !(Number.isInteger(languageId) && languageId > 0)) {
      req.resume();
      res.status(400).json({ message: 'Choose the language of the word list.' });
      return;
    }
    try {
      const { api } = await panelRequestContext(req, res);
      // Issue 46: the language's dictionary loads while the file arrives, so the dry run's words
      // are judged as it reaches them rather than after the load. The preview reports a failure.
      if (words) void api.dictionary.check(languageId, []).catch(() => undefined);
      const held = await holdUpload(req, name);
      let plan: Plan;
      try {
        if (words) await api.languages.get(languageId);
        plan = await planImport(api, entity, held, name, words ? { languageId } : undefined);
      } finally {
        // Only the dry run reads the upload: the plan holds the rows Apply writes.
        await dropFile(held);
      }
      const head: ImportHead = {
        id: randomUUID(),
        owner: req.sessionID,
        table: entity.resource,
        name,
        counts: plan.counts,
        notes: plan.notes,
        rowCount: plan.rows.length,
        changingCount: plan.changing.length,
        verdicts: plan.verdicts,
        flaggedCount: plan.flagged.length,
      };
      // The flagged rows again after the preview rows: the "flagged only" view pages through them.
      await store.save(head, { rows: [...plan.rows, ...plan.flagged], changing: plan.changing });
      res.status(201).json(await summary({ ...head, apply: null }, 1, plan.rows));
    } catch (error) {
      if (unavailable(req, res, error)) return;
      const message = messageOf(error);
      if (message === null) logger.error({ reqId: req.id, err: error }, 'import preview failed');
      const notFound = words && error instanceof ApiError && error.status === 404;
      res.status(message === null ? 502 : error instanceof ApiError ? error.status! : 400).json({
        message: notFound
          ? 'That language does not exist.'
          : (message ?? 'The import could not be checked: try again.'),
      });
    }
  });

  router.get('/:id', async (req, res) => {
    try {
      const item = await owned(req, res);
      if (item)
        res.json(await summary(item, Number(req.query.page) || 1, undefined, req.query.flagged === '1'));
    } catch (error) {
      if (!unavailable(req, res, error)) throw error;
    }
  });

  /** Claims the import for this request (atomic in the store): its head, the answer's page, the progress. */
  const claimed = async (req: Request, res: Response) => {
    const item = await owned(req, res);
    if (!item) return null;
    // The answer's preview page, read before any row is written.
    const first = await summary(item, 1);
    // One change set per import: the audit screen shows it, `argus-words changes undo` reverts it.
    const progress: ApplyState = {
      state: 'running',
      done: 0,
      total: item.changingCount,
      counts: emptyCounts(),
      rows: [],
      changeSet: randomUUID(),
    };
    const claim = item.apply ? 'applied' : await store.claim(item.id, snapshotOf(progress));
    if (claim === 'claimed') return { item, first, progress };
    res.status(claim === 'gone' ? 404 : 409).json({
      message:
        claim === 'gone' ? 'No such import: upload the file again.' : 'This import was applied already.',
    });
    return null;
  };

  // Runs while the request is open (the session's client lives with it); the page polls GET /:id,
  // which any instance answers from the progress saved after each chunk.
  router.post('/:id/apply', async (req, res) => {
    let started: Awaited<ReturnType<typeof claimed>>;
    try {
      started = await claimed(req, res);
    } catch (error) {
      if (!unavailable(req, res, error)) throw error;
      return;
    }
    if (!started) return;
    const { item, first, progress } = started;
    const { id, name, table } = item;
    let warned = false;
    // Progress is for the polls: a failed write is logged once and the rows go on being written.
    const save = (apply: ApplyState) =>
      store.progress(id, snapshotOf(apply)).catch((error: unknown) => {
        if (!warned) logger.warn({ reqId: req.id, err: error }, 'import progress not saved');
        warned = true;
      });
    try {
      const changeSet = {
        id: progress.changeSet!,
        command: `panel import ${name} into ${table}`,
        recorded: 0,
      };
      const { api } = await panelRequestContext(req, res, changeSet);
      const changing = {
        counts: item.counts,
        total: item.changingCount,
        records: store.changing(item, APPLY_BATCH),
      };
      await applyImport(api, entityOf(table)!, changing, name, progress, () => save(progress));
      const done: ApplyState = { ...progress, state: 'done' };
      await save(done);
      res.json({ ...first, apply: done });
    } catch (error) {
      const down = error instanceof ServiceUnavailable;
      const message = down ? error.message : messageOf(error);
      if (message === null || down) logger.error({ reqId: req.id, err: error }, 'import apply failed');
      const failed: ApplyState = {
        ...progress,
        state: 'failed',
        message: message ?? 'The import stopped: try again.',
      };
      await save(failed);
      res.status(down ? error.status : message === null ? 502 : 400).json({ message: failed.message });
    }
  });

  return router;
}
