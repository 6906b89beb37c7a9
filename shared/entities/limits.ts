/** Largest value of a PostgreSQL `integer` column: bigger ids and counts are refused, not overflowed. */
export const INT_MAX = 2_147_483_647;
/** Longest text any field accepts unless its description says less. */
export const TEXT_MAX = 2_000;
