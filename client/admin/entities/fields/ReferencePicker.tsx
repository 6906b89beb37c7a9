import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { EntityName } from '#shared/entities/index.ts';
import { errorMessage } from '../entity-api.ts';
import { optionText } from './option-text.ts';
import { searchOptions, type Option } from './references.ts';

const SEARCH_PAUSE_MS = 250;

interface ReferencePickerProps {
  id: string;
  references: EntityName;
  /** The chosen record's id, '' when none. */
  value: string;
  /** The chosen record as loaded with the form, when known. */
  initial: Option | null;
  invalid: boolean;
  describedBy?: string;
  required?: boolean;
  /** Shown under the input while nothing is being searched. */
  hint?: string;
  disabled?: boolean;
  onChange(value: string): void;
  /**
   * Choosing adds to a list kept elsewhere (MultiReferencePicker): the pick is handed over and the
   * input is emptied for the next one, instead of showing the choice.
   */
  onPick?(option: Option): void;
}

/**
 * A foreign key chosen from a large table (ARIA 1.2 combobox with a list box): typing searches the
 * related list on the server (or finds a record by its id), arrows move, Enter picks, Escape closes.
 */
export function ReferencePicker(props: ReferencePickerProps) {
  const { id, references, value, initial, invalid, describedBy, required, onChange } = props;
  const listId = useId();
  const [query, setQuery] = useState(initial ? optionText(initial) : value ? `#${value}` : '');
  const [options, setOptions] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [problem, setProblem] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);

  useEffect(() => () => clearTimeout(timer.current), []);

  function search(text: string) {
    clearTimeout(timer.current);
    const ticket = ++latest.current;
    timer.current = setTimeout(() => {
      searchOptions(references, text).then(
        (found) => {
          if (ticket !== latest.current) return;
          setOptions(found);
          setActive(found.length ? 0 : -1);
          setOpen(true);
          setProblem(null);
        },
        (error: unknown) => {
          if (ticket === latest.current) setProblem(`Search failed: ${errorMessage(error)}`);
        },
      );
    }, SEARCH_PAUSE_MS);
  }

  function pick(option: Option) {
    setOpen(false);
    if (props.onPick) {
      setQuery('');
      props.onPick(option);
      return;
    }
    setQuery(optionText(option));
    onChange(option.value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return search(query.startsWith('#') ? '' : query);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (options.length ? (current + step + options.length) % options.length : -1));
    } else if (event.key === 'Enter' && open && active >= 0 && options[active]) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  const expanded = open && options.length > 0;
  const statusId = `${id}-status`;
  return (
    <div className="reference-picker position-relative">
      <input
        id={id}
        type="text"
        role="combobox"
        className={`form-control${invalid ? ' is-invalid' : ''}`}
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={[statusId, describedBy].filter(Boolean).join(' ')}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        disabled={props.disabled}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          if (event.target.value.trim() === '') onChange('');
          search(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      {expanded ? (
        <ul id={listId} role="listbox" className="list-group position-absolute w-100 shadow z-3">
          {options.map((option, index) => (
            <li
              key={option.value}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`list-group-item list-group-item-action${index === active ? ' active' : ''}`}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(option);
              }}
            >
              {optionText(option)}
            </li>
          ))}
        </ul>
      ) : null}
      <div id={statusId} className="form-text" aria-live="polite">
        {problem ??
          (open && options.length === 0
            ? 'No matches.'
            : (props.hint ??
              (value
                ? `Selected id ${value}. Type letters or an id to search.`
                : 'Type letters or an id to search.')))}
      </div>
    </div>
  );
}
