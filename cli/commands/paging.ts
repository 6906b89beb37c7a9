import type { Command } from 'commander';
import { positiveInt } from '../entities/field-values.ts';

/** The API's largest page: what `--size` accepts. */
const MAX_SIZE = 100;

/** `--page` (from 1) and `--size`, as every paged list command takes them. */
export function withPaging(command: Command, items: string, page = 'page number, from 1'): Command {
  return command
    .option('--page <n>', page, positiveInt('--page'))
    .option('--size <n>', `${items} per page (at most ${MAX_SIZE})`, positiveInt('--size', MAX_SIZE));
}
