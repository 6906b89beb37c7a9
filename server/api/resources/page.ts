/**
 * A Spring-Data-style page, the list shape the panel reads (SPEC §3 "List response"): zero-based
 * `number`/`pageable.pageNumber`. A page past the end is empty, not an error.
 */
export interface Page<T> {
  content: T[];
  pageable: { pageNumber: number; pageSize: number; offset: number };
  totalPages: number;
  totalElements: number;
  number: number;
  size: number;
  numberOfElements: number;
  first: boolean;
  last: boolean;
  empty: boolean;
}

export function springPage<T>(content: T[], page: number, size: number, total: number): Page<T> {
  const totalPages = Math.ceil(total / size);
  return {
    content,
    pageable: { pageNumber: page, pageSize: size, offset: page * size },
    totalPages,
    totalElements: total,
    number: page,
    size,
    numberOfElements: content.length,
    first: page === 0,
    last: page >= totalPages - 1,
    empty: content.length === 0,
  };
}
