import { options, type VNode } from 'preact';

/** Props that hold a generated id or refer to one, and the attribute each is written to. */
const ID_PROPS: ReadonlyArray<[prop: string, attribute: string]> = [
  ['id', 'id'],
  ['htmlFor', 'for'],
  ['for', 'for'],
  ['aria-describedby', 'aria-describedby'],
  ['aria-labelledby', 'aria-labelledby'],
  ['aria-controls', 'aria-controls'],
  ['aria-activedescendant', 'aria-activedescendant'],
  ['aria-errormessage', 'aria-errormessage'],
  ['list', 'list'],
];

/**
 * The server renders with React, the browser hydrates with Preact, and their `useId()` values
 * differ. Preact does not touch attributes while hydrating, so the page would keep React's ids
 * until an element is remounted and gets Preact's, while what refers to it may still carry
 * React's (a label's `for`, an `aria-describedby`). Writing Preact's values of the id props as
 * each element is diffed makes the page use one set of ids from hydration on. Elements Preact
 * created or already updated match, so after hydration this only compares a few attributes.
 */
export function adoptBrowserIds(): void {
  const previous = options.diffed;
  options.diffed = (vnode: VNode) => {
    // `__e` is Preact's (stable, devtools-known) mangled name of the vnode's DOM node.
    const dom = (vnode as VNode & { __e?: unknown }).__e;
    if (typeof vnode.type === 'string' && dom instanceof Element) {
      const props = vnode.props as Record<string, unknown>;
      for (const [prop, attribute] of ID_PROPS) {
        const value = props[prop];
        if (typeof value === 'string' && dom.getAttribute(attribute) !== value) {
          dom.setAttribute(attribute, value);
        }
      }
    }
    previous?.(vnode);
  };
}
