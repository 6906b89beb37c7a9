import type { Option } from './references.ts';

/** '#12 pto': the id first, since lists and filters speak in ids. */
export const optionText = (option: Option): string => `#${option.value} ${option.label}`.trimEnd();
