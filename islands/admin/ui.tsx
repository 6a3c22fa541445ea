// Shared admin UI: toasts in an aria-live region (top right) and an accessible modal dialog.
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';

export const WARNING_TOAST_MS = 4000;
export const ERROR_TOAST_MS = 5000;
export const SUCCESS_TOAST_MS = 5000;
export const REJECTION_MS = 15000;
export const UNDO_DELAY_MS = 5000;
export const COLOR_DEBOUNCE_MS = 250;

export interface Toast { id: number; kind: 'success' | 'error' | 'warning' | 'info'; title?: string; message: string; ms: number; action?: { label: string; run: () => void } }
type Push = (t: Omit<Toast, 'id'>) => number;
const ToastCtx = createContext<{ push: Push; dismiss: (id: number) => void }>({ push: () => 0, dismiss: () => {} });
export const useToasts = () => useContext(ToastCtx);

let seq = 0;
export function ToastProvider({ children, closeLabel = 'Cerrar' }: { children: ReactNode; closeLabel?: string }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id)); timers.current.delete(id);
    setToasts((all) => all.filter((t) => t.id !== id));
  }, []);
  const push = useCallback<Push>((t) => {
    const id = ++seq;
    setToasts((all) => [...all, { ...t, id }]);
    timers.current.set(id, setTimeout(() => dismiss(id), t.ms));
    return id;
  }, [dismiss]);
  useEffect(() => () => { for (const h of timers.current.values()) clearTimeout(h); }, []);
  return (
    <ToastCtx.Provider value={{ push, dismiss }}>
      {children}
      <div className="adm-toasts" aria-live="polite" role="status">
        {toasts.map((t) => (
          <div key={t.id} className={`adm-toast adm-toast-${t.kind}`} data-testid="toast">
            {t.title && <strong>{t.title}</strong>} <span>{t.message}</span>
            {t.action && <button type="button" className="adm-link" onClick={() => { t.action!.run(); dismiss(t.id); }}>{t.action.label}</button>}
            <button type="button" className="adm-x" aria-label={closeLabel} onClick={() => dismiss(t.id)}>×</button>
          </div>
        ))}
      </div>
    </ToastCtx.Provider>
  );
}

const FOCUSABLE = 'a[href],button:not([disabled]),input:not([disabled]):not([type=hidden]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/** Inside the theme builder the same editors render as a side panel (no backdrop, no focus trap): see
 * islands/builder/AdminPanels.tsx. */
export const InlineModalContext = createContext(false);
/** In the builder: the panels' notice that their changes are live at once (no Publish). */
export const PanelNoticeContext = createContext<string | null>(null);
/** On the storefront, a modal that is also a builder panel links to it (AdminBar sets this per modal). */
export const BuilderLinkContext = createContext<{ href: string; label: string } | null>(null);

export function Modal(props: { title: string; onClose: () => void; children: ReactNode; closeLabel?: string; wide?: boolean }) {
  return useContext(InlineModalContext) ? <InlinePanel {...props} /> : <Dialog {...props} />;
}

function InlinePanel({ title, onClose, children, closeLabel = 'Cerrar' }: { title: string; onClose: () => void; children: ReactNode; closeLabel?: string }) {
  const id = useId();
  const notice = useContext(PanelNoticeContext);
  return (
    <section className="adm-modal adm-as-panel" aria-labelledby={`${id}-t`} aria-describedby={notice ? `${id}-n` : undefined} data-testid="builder-tool-panel">
      <div className="adm-modal-head">
        <h2 id={`${id}-t`}>{title}</h2>
        <button type="button" className="adm-x" aria-label={closeLabel} onClick={onClose}>×</button>
      </div>
      {notice && <p id={`${id}-n`} className="adm-live-note" data-testid="panel-live-notice"><span aria-hidden="true">● </span>{notice}</p>}
      <div className="adm-modal-body">{children}</div>
    </section>
  );
}

function Dialog({ title, onClose, children, closeLabel = 'Cerrar', wide = false }: { title: string; onClose: () => void; children: ReactNode; closeLabel?: string; wide?: boolean }) {
  const id = useId();
  const builder = useContext(BuilderLinkContext);
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? ref.current)?.focus();
    // Escape closes even when focus fell out of the dialog (a view inside it was replaced).
    const onDocKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !ref.current?.contains(document.activeElement)) onCloseRef.current();
    };
    document.addEventListener('keydown', onDocKey);
    return () => { document.removeEventListener('keydown', onDocKey); previous?.focus?.(); };
  }, []);
  // A new view inside the dialog (its title changed): focus its first control rather than losing focus to the page.
  const firstTitle = useRef(title);
  useEffect(() => {
    if (title === firstTitle.current) return;
    firstTitle.current = title;
    if (!ref.current?.contains(document.activeElement) || document.activeElement === ref.current) {
      ref.current?.querySelector<HTMLElement>(`.adm-modal-body ${FOCUSABLE.split(',').join(', .adm-modal-body ')}`)?.focus();
    }
  }, [title]);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') { e.stopPropagation(); onCloseRef.current(); return; }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) { e.preventDefault(); return; }
    const first = items[0]!, last = items[items.length - 1]!;
    if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
    else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
  };
  return (
    <div className="adm-backdrop" onMouseDown={(e) => { if (e.target === e.currentTarget) onClose(); }}>
      <div ref={ref} className={`adm-modal${wide ? ' adm-wide' : ''}`} role="dialog" aria-modal="true" aria-labelledby={`${id}-t`} tabIndex={-1} onKeyDown={onKeyDown}>
        <div className="adm-modal-head">
          <h2 id={`${id}-t`}>{title}</h2>
          <button type="button" className="adm-x" aria-label={closeLabel} onClick={onClose}>×</button>
        </div>
        <div className="adm-modal-body">{children}</div>
        {builder && <p className="adm-modal-foot"><a href={builder.href}>{builder.label} ↗</a></p>}
      </div>
    </div>
  );
}

/** A form field with its label and error (aria-invalid + describedby). */
export function Field({ label, error, children, hint }: { label: string; error?: string | undefined; hint?: string; children: (p: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode }) {
  const id = useId();
  const desc = error ? `${id}-e` : hint ? `${id}-h` : undefined;
  return (
    <div className="adm-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': !!error, ...(desc ? { 'aria-describedby': desc } : {}) })}
      {hint && !error && <small id={`${id}-h`}>{hint}</small>}
      {error && <small id={`${id}-e`} className="adm-error" role="alert">{error}</small>}
    </div>
  );
}
