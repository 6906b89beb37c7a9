import { randomUUID } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { ApiError } from '#shared/api-client/index.ts';
import { contentEntities, type AnyEntity } from '#shared/entities/index.ts';
import { ImportError } from '#shared/import/errors.ts';
import type { Logger } from '../../logger.ts';
import { stateOf } from '../../session/session-data.ts';
import { panelRequestContext } from '../request-context.ts';
import { applyImport, emptyCounts, planImport, WORDS_ENTITY, type Plan, type Progress } from './plan.ts';
import { dropFile, holdUpload, type HeldFile } from './upload.ts';

/**
 * `/argusma-words-panel/imports`: the browser uploads a file (raw body, the CLI's size limit), the
 * panel server keeps it in an owner-only temp file, runs the dry run through the session's own API
 * client (the browser never holds a token) and answers the preview a page at a time; `apply`
 * writes the changing rows while the page polls the progress. An import belongs to the session that
 * uploaded it and is dropped an hour after, or when it is applied.
 */

export const PREVIEW_PAGE_SIZE = 50;
const KEEP_MS = 60 * 60 * 1000;

interface PanelImport {
  id: string;
  owner: string;
  entity: AnyEntity;
  name: string;
  file: HeldFile;
  plan: Plan;
  apply: (Progress & { state: 'running' | 'done' | 'failed'; message?: string; changeSet?: string }) | null;
  timer: NodeJS.Timeout;
}

const tables = () => contentEntities.map((e) => e.resource);
const entityOf = (resource: unknown) => contentEntities.find((e) => e.resource === resource);

/** One line for the admin: the file's or a row's problem, the API's refusal, never a stack. */
function messageOf(error: unknown): string | null {
  if (error instanceof ImportError) return error.message;
  if (error instanceof ApiError && error.status !== null && error.status < 500) return error.message;
  return null;
}

export function importsRouter(logger: Logger): Router {
  const imports = new Map<string, PanelImport>();
  const drop = (item: PanelImport) => {
    clearTimeout(item.timer);
    imports.delete(item.id);
    void dropFile(item.file);
  };
  const owned = (req: Request, res: Response): PanelImport | null => {
    const item = imports.get(String(req.params.id));
    if (item && item.owner === req.sessionID) return item;
    res.status(404).json({ message: 'No such import: upload the file again.' });
    return null;
  };
  const loggedIn = (req: Request, res: Response): boolean => {
    if (stateOf(req.session) === 'logged-in') return true;
    res.status(401).json({ message: 'Log in to import.' });
    return false;
  };
  const summary = (item: PanelImport, page: number) => {
    const rows = item.plan.rows;
    const totalPages = Math.max(1, Math.ceil(rows.length / PREVIEW_PAGE_SIZE));
    const at = Math.min(Math.max(1, page), totalPages);
    return {
      id: item.id,
      table: item.entity.resource,
      name: item.name,
      counts: item.plan.counts,
      notes: item.plan.notes,
      page: at,
      totalPages,
      rows: rows.slice((at - 1) * PREVIEW_PAGE_SIZE, at * PREVIEW_PAGE_SIZE),
      apply: item.apply,
    };
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
    let file: HeldFile | null = null;
    try {
      file = await holdUpload(req, name);
      const { api } = await panelRequestContext(req, res);
      if (words) await api.languages.get(languageId);
      const plan = await planImport(api, entity, file, name, words ? { languageId } : undefined);
      const id = randomUUID();
      const item: PanelImport = {
        id,
        owner: req.sessionID,
        entity,
        name,
        file,
        plan,
        apply: null,
        timer: setTimeout(() => drop(item), KEEP_MS),
      };
      item.timer.unref();
      imports.set(id, item);
      res.status(201).json(summary(item, 1));
    } catch (error) {
      if (file) await dropFile(file);
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

  router.get('/:id', (req, res) => {
    const item = owned(req, res);
    if (item) res.json(summary(item, Number(req.query.page) || 1));
  });

  // Runs while the request is open (the session's client lives with it); the page polls GET /:id.
  router.post('/:id/apply', async (req, res) => {
    const item = owned(req, res);
    if (!item) return;
    if (item.apply) {
      res.status(409).json({ message: 'This import was applied already.' });
      return;
    }
    const progress: NonNullable<PanelImport['apply']> = {
      state: 'running',
      done: 0,
      total: 0,
      counts: emptyCounts(),
      rows: [],
    };
    item.apply = progress;
    try {
      // One change set per import: the audit screen shows it, `argus-words changes undo` reverts it.
      const changeSet = {
        id: randomUUID(),
        command: `panel import ${item.name} into ${item.entity.resource}`,
        recorded: 0,
      };
      progress.changeSet = changeSet.id;
      const { api } = await panelRequestContext(req, res, changeSet);
      await applyImport(api, item.entity, item.plan, item.name, progress);
      item.apply = { ...progress, state: 'done' };
      res.json(summary(item, 1));
    } catch (error) {
      const message = messageOf(error);
      if (message === null) logger.error({ reqId: req.id, err: error }, 'import apply failed');
      item.apply = { ...progress, state: 'failed', message: message ?? 'The import stopped: try again.' };
      res.status(message === null ? 502 : 400).json({ message: item.apply.message });
    } finally {
      // The rows are written: the file is no longer needed, the summary stays until the timer.
      void dropFile(item.file);
    }
  });

  return router;
}
