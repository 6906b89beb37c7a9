import { useEffect, type Dispatch, type RefObject, type SetStateAction } from 'react';

/**
 * Takes over what the browser put into a server-rendered input before the page was hydrated (the
 * administrator typing early, a password manager's autofill): React keeps its own empty state
 * otherwise, and the submit button would stay disabled although the field shows text.
 */
export function useAdoptDomValue(
  ref: RefObject<HTMLInputElement | null>,
  setValue: Dispatch<SetStateAction<string>>,
): void {
  useEffect(() => {
    const typed = ref.current?.value;
    // Synchronising with the DOM, an outside system, once after hydration.
    if (typed) setValue(typed);
  }, [ref, setValue]);
}
