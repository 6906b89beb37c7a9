import { useEffect, type KeyboardEvent, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * The enhancements a native `<details>` disclosure gets once hydrated (it opens and closes by
 * mouse, Enter or Space without them): it closes on navigation, on a pointer press outside it, when
 * the keyboard's focus moves on past it (two menus are never open over each other) and on Escape,
 * which also puts focus back on its summary. Returns the keydown handler to attach.
 */
export function useDisclosure(ref: RefObject<HTMLDetailsElement | null>) {
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [ref, pathname, search]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const details = ref.current;
      if (details?.open && !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [ref]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (details.open && next instanceof Node && !details.contains(next)) details.open = false;
    };
    details.addEventListener('focusout', onFocusOut);
    return () => details.removeEventListener('focusout', onFocusOut);
  }, [ref]);

  return (event: KeyboardEvent<HTMLDetailsElement>) => {
    const details = ref.current;
    if (event.key !== 'Escape' || !details?.open) return;
    event.stopPropagation();
    details.open = false;
    details.querySelector('summary')?.focus();
  };
}
