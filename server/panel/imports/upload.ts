import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Request } from 'express';
import { ImportError } from '#shared/import/errors.ts';
import { MAX_FILE_BYTES } from '#shared/import/records.ts';

/** An uploaded file held on disk (owner-only directory and file) while the dry run reads it. */
export interface HeldFile {
  dir: string;
  path: string;
  bytes: number;
}

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/**
 * Streams the request body to a fresh owner-only temp file, never holding it in memory; more than
 * the import limit (the CLI's) stops reading and refuses the upload with one message.
 */
export async function holdUpload(req: Request, name: string, limit = MAX_FILE_BYTES): Promise<HeldFile> {
  const declared = Number(req.get('content-length') ?? NaN);
  if (declared > limit) throw new ImportError(`The file is too big (more than ${mb(limit)}): split it.`);
  const dir = await mkdtemp(join(tmpdir(), 'argus-import-'));
  // The upload's extension is kept: the shared readers choose the format by it, as for the CLI.
  const path = join(dir, `${randomUUID()}${/\.(csv|jsonl|ndjson|json|txt)$/i.exec(name)?.[0] ?? ''}`);
  let bytes = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const out = createWriteStream(path, { mode: 0o600, flags: 'wx' });
      req.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > limit) {
          req.unpipe(out);
          out.destroy();
          req.resume();
          reject(new ImportError(`The file is too big (more than ${mb(limit)}): split it.`));
        }
      });
      req.on('error', reject);
      out.on('error', reject);
      out.on('finish', resolve);
      req.pipe(out);
    });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  if (bytes === 0) {
    await rm(dir, { recursive: true, force: true });
    throw new ImportError('The file is empty.');
  }
  return { dir, path, bytes };
}

export async function dropFile(file: HeldFile): Promise<void> {
  await rm(file.dir, { recursive: true, force: true });
}
