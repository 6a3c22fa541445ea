// Every island form goes through IslandForm, because an island's markup is on the page before its script runs (slow
// phone, Enter pressed early, script blocked). A bare <form> submitted then is a GET to the page: what was typed (a
// card number, an RFC, an e-mail) lands in the address bar, the history and the server's logs. So an island form is
// always method="post", and either
//   - has an `action` that works without script: the page's POST handler takes the same fields and answers a redirect
//     (the card and pay forms: src/components/checkout/pay-form.ts, the cart's pay button), or
//   - is inert until the island has hydrated: nothing can be typed (and lost when React takes over) or submitted.
import { useLayoutEffect, useRef, useSyncExternalStore, type ComponentPropsWithRef, type RefObject } from 'react';

const noSubscribe = () => () => {};

/** False on the server and while hydrating, true once the island runs (at once for parts mounted later). */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscribe, () => true, () => false);
}

/** `inert` until the island runs, spread on a part of an island that must not take input before (`{...gate}`). */
export function useHydrationGate(): { inert?: true } {
  return useHydrated() ? {} : { inert: true };
}

/**
 * For a form usable before hydration (one with an `action`): calls `adopt` once, as the island hydrates, with what the
 * visitor had already typed. React leaves those values in the page at hydration but blanks a controlled input on its
 * next render, so the island takes them into its state first.
 */
export function useAdoptTyped(form: RefObject<HTMLFormElement | null>, adopt: (typed: FormData) => void): void {
  const hydrated = useHydrated();
  const hydrating = useRef(!hydrated);
  const adoptRef = useRef(adopt);
  useLayoutEffect(() => {
    if (hydrating.current && form.current) adoptRef.current(new FormData(form.current));
    hydrating.current = false;
  }, [form]);
}

export interface IslandFormProps extends Omit<ComponentPropsWithRef<'form'>, 'method' | 'action'> {
  /** Where the form posts before hydration or without script; without one the form is inert until hydrated. */
  action?: string;
  /** Hidden fields posted with it (what the `action` needs besides the visible fields). */
  fields?: Record<string, string>;
}

export default function IslandForm({ action, fields, children, ...rest }: IslandFormProps) {
  const gate = useHydrationGate();
  return (
    <form method="post" {...(action ? { action } : gate)} {...rest}>
      {fields && Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
      {children}
    </form>
  );
}
