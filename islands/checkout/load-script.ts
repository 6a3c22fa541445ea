// A payment provider's browser script (Stripe.js, Conekta's card component), added to the page once: resolves with the
// global it defines, rejects when the browser cannot fetch it (a later call adds it again).
const loading = new Map<string, Promise<unknown>>();

export function loadGlobalScript<T>(url: string, global: string, name: string): Promise<T> {
  const w = window as unknown as Record<string, T | undefined>;
  const ready = w[global];
  if (ready) return Promise.resolve(ready);
  let p = loading.get(url) as Promise<T> | undefined;
  if (!p) {
    p = new Promise<T>((resolve, reject) => {
      const s = document.createElement('script');
      s.src = url;
      s.async = true;
      s.onload = () => { const g = w[global]; if (g) resolve(g); else reject(new Error(`${name} did not load`)); };
      s.onerror = () => { loading.delete(url); reject(new Error(`${name} did not load`)); };
      document.head.appendChild(s);
    });
    loading.set(url, p);
  }
  return p;
}
