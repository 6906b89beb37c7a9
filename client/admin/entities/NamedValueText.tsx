import type { NamedValue } from './value-names.ts';

/** A named value (value-names.ts): a foreign key's title with its label and id on hover, as a list cell has. */
export function NamedValueText({ value }: { value: NamedValue }) {
  return value.title ? (
    <span title={value.title} data-id={value.id}>
      {value.text}
    </span>
  ) : (
    <>{value.text}</>
  );
}
