// The admin tour's behaviour (bundled by Astro from Tour.astro; only on pages that render the tour). Steps come from
// the markup; a step whose target is not on the page is skipped. Closing stores the choice; errors are ignored.
export function startTour(doc: Document = document) {
  const root = doc.getElementById('admin-tour');
  if (!root) return;
  const steps = [...root.querySelectorAll<HTMLElement>('.tour-step')].filter((s) => !s.dataset.target || doc.querySelector(s.dataset.target));
  if (steps.length === 0) return;
  const back = root.querySelector<HTMLButtonElement>('[data-tour=back]')!;
  const next = root.querySelector<HTMLButtonElement>('[data-tour=next]')!;
  const done = root.querySelector<HTMLButtonElement>('[data-tour=done]')!;
  const always = root.querySelector<HTMLInputElement>('[data-tour-always]')!;
  let at = 0;
  let lit: Element | null = null;
  const show = (i: number) => {
    at = i;
    lit?.classList.remove('tour-highlight');
    for (const s of root.querySelectorAll<HTMLElement>('.tour-step')) s.hidden = s !== steps[i];
    const target = steps[i]!.dataset.target ? doc.querySelector(steps[i]!.dataset.target!) : null;
    lit = target;
    target?.classList.add('tour-highlight');
    target?.scrollIntoView?.({ block: 'nearest' });
    back.hidden = i === 0;
    next.hidden = i === steps.length - 1;
  };
  const close = () => {
    lit?.classList.remove('tour-highlight');
    root.hidden = true;
    void fetch('/api/me/tour', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ show_tour: always.checked }) }).catch(() => {});
  };
  back.addEventListener('click', () => show(Math.max(0, at - 1)));
  next.addEventListener('click', () => show(Math.min(steps.length - 1, at + 1)));
  done.addEventListener('click', close);
  doc.addEventListener('keydown', (e) => { if (e.key === 'Escape' && !root.hidden) close(); });
  root.hidden = false;
  show(0);
}
