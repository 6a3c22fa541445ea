// CSV import on the product list (issue 11): pick a file, check it first (dry run: nothing is written) or import it.
// The server validates every row and writes nothing when one is wrong (400 csv_invalid); its per-line, per-column
// messages are shown as a table (line numbers as a spreadsheet shows them: the header is line 1). Inert until
// hydrated: an upload needs the island.
import './supplier.css';
import { useMemo, useRef, useState } from 'react';
import IslandForm from '../shared/form.tsx';
import { SupplierApi, fieldLists, isApiError } from './api.ts';
import { csvChunks, shiftLines } from './csv-chunks.ts';
import { makeSupplierT, messageText, type SupplierTexts } from './i18n.ts';
import type { MessageKey } from '../../src/lib/i18n/index.ts';

export interface ProductImportProps {
  texts: SupplierTexts;
  /** The list as shown now (reload after an import). */
  listHref?: string;
  apiBase?: string;
}

export interface CsvProblem { line: number; column: string; messages: string[] }

/** The answer's fields ("<line>.<column>": [messages]) as rows by line, then column. */
export function csvProblems(fields: [string, string[]][]): CsvProblem[] {
  return fields.map(([key, messages]) => {
    const dot = key.indexOf('.');
    const line = Number(dot < 0 ? key : key.slice(0, dot));
    return { line: Number.isFinite(line) ? line : 0, column: dot < 0 ? '' : key.slice(dot + 1), messages };
  }).sort((a, b) => a.line - b.line || a.column.localeCompare(b.column));
}

type Outcome =
  | { kind: 'checked' | 'imported'; created: number; updated: number }
  | { kind: 'canceled'; done: number; total: number; created: number; updated: number }
  | { kind: 'invalid'; message: string; problems: CsvProblem[]; written?: { done: number; total: number } }
  | { kind: 'failed'; message: string; written?: { done: number; total: number } };

/** Rows per request of a large file: each part is checked (all of them before anything is written), then written. */
export const IMPORT_PART_ROWS = 250;

const readText = (file: Blob) => new Promise<string>((resolve, reject) => {
  const r = new FileReader();
  r.onload = () => resolve(String(r.result ?? ''));
  r.onerror = () => reject(new Error('unreadable'));
  r.readAsText(file);
});

export default function ProductImport({ texts, listHref = '/apps/me/products', apiBase = '' }: ProductImportProps) {
  const t = useMemo(() => makeSupplierT(texts), [texts]);
  const sp = (key: string, vars?: Record<string, string | number>) => t(`supplierProducts.${key}` as MessageKey, vars);
  const api = useMemo(() => new SupplierApi(apiBase), [apiBase]);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const column = (c: string) => (t.has(`supplierProducts.field-${c}`) ? sp(`field-${c}`) : c);

  // Rows checked or written so far (issue 25): a file of one part goes in one request, all or nothing, as before; a
  // larger one is checked part by part (nothing written; Cancel stops at once), then written part by part (Cancel
  // stops before the next part: a part sent is finished, so the count of rows written stays true).
  const [progress, setProgress] = useState<{ phase: 'check' | 'write'; done: number; total: number } | null>(null);
  const abort = useRef<AbortController | null>(null);

  const run = async (dryRun: boolean) => {
    if (!file) { setOutcome({ kind: 'failed', message: sp('importPickFile') }); input.current?.focus(); return; }
    setBusy(dryRun ? 'check' : 'import');
    setOutcome(null);
    const controller = new AbortController();
    abort.current = controller;
    const written = { done: 0, created: 0, updated: 0, total: 0 };
    try {
      const parts = csvChunks(await readText(file), IMPORT_PART_ROWS);
      written.total = parts.reduce((n, c) => n + c.count, 0);
      if (parts.length <= 1) {
        const r = await api.importCsv(file, dryRun, dryRun ? { signal: controller.signal } : {});
        setOutcome({ kind: dryRun ? 'checked' : 'imported', created: r.created, updated: r.updated });
        return;
      }
      const checked = { created: 0, updated: 0 };
      for (const c of parts) {
        setProgress({ phase: 'check', done: c.start, total: written.total });
        try {
          const r = await api.importCsv(new Blob([c.text], { type: 'text/csv' }), true, { signal: controller.signal });
          checked.created += r.created; checked.updated += r.updated;
        } catch (e) {
          if (isApiError(e) && e.fields) e.fields = shiftLines(e.fields, c.start);
          throw e;
        }
      }
      if (dryRun) { setOutcome({ kind: 'checked', ...checked }); return; }
      for (const c of parts) {
        if (controller.signal.aborted) break;
        setProgress({ phase: 'write', done: written.done, total: written.total });
        try {
          const r = await api.importCsv(new Blob([c.text], { type: 'text/csv' }), false);
          written.done += c.count; written.created += r.created; written.updated += r.updated;
        } catch (e) {
          if (isApiError(e) && e.fields) e.fields = shiftLines(e.fields, c.start);
          throw e;
        }
      }
      setProgress({ phase: 'write', done: written.done, total: written.total });
      if (controller.signal.aborted) setOutcome({ kind: 'canceled', ...written });
      else setOutcome({ kind: 'imported', created: written.created, updated: written.updated });
    } catch (e) {
      if (!isApiError(e)) throw e;
      const part = written.done > 0 ? { done: written.done, total: written.total } : undefined;
      if (e.code === 'aborted') {
        setOutcome({ kind: 'canceled', ...written });
      } else if (e.code === 'csv_invalid' || (e.status === 400 && e.fields)) {
        const problems = csvProblems(fieldLists(e).map(([k, list]) => [k, list.map((m) => messageText(t, m))]));
        setOutcome({ kind: 'invalid', message: e.message ?? sp('importInvalid'), problems, written: part });
      } else {
        setOutcome({ kind: 'failed', message: e.status === 0 ? sp('networkError') : e.message ?? sp('importFailed'), written: part });
      }
    } finally {
      setBusy(null);
      setProgress(null);
      abort.current = null;
    }
  };

  return (
    <div className="sp-import">
      <IslandForm className="sp-import-form" encType="multipart/form-data" onSubmit={(e) => { e.preventDefault(); void run(false); }} aria-busy={busy !== null}>
        <div className="sp-field">
          <label htmlFor="sp-import-file">{sp('importFile')}</label>
          <input id="sp-import-file" ref={input} type="file" name="file" accept=".csv,text/csv" aria-describedby="sp-import-hint"
            onChange={(e) => { setFile(e.target.files?.[0] ?? null); setOutcome(null); }} />
          <small id="sp-import-hint" className="sp-hint">{sp('importHint')}</small>
        </div>
        <div className="sp-import-actions">
          <button type="button" className="btn secondary" disabled={busy !== null} onClick={() => void run(true)}>{busy === 'check' ? sp('importChecking') : sp('importCheck')}</button>
          <button type="submit" className="btn" disabled={busy !== null}>{busy === 'import' ? sp('importing') : sp('importRun')}</button>
        </div>
      </IslandForm>
      {progress && (
        <div className="sp-progress" data-testid="import-progress">
          <progress max={progress.total || 1} value={progress.done} aria-label={sp(progress.phase === 'check' ? 'importProgressCheck' : 'importProgressWrite', { done: progress.done, total: progress.total })} />
          <span role="status">{sp(progress.phase === 'check' ? 'importProgressCheck' : 'importProgressWrite', { done: progress.done, total: progress.total })}</span>
          <button type="button" className="btn secondary" onClick={() => abort.current?.abort()}>{sp('importCancel')}</button>
        </div>
      )}
      <div aria-live="polite">
        {outcome?.kind === 'canceled' && (
          <p className="sp-ok">{outcome.done === 0 ? sp('importCanceledNothing') : <>{sp('importCanceledPart', { done: outcome.done, total: outcome.total, created: outcome.created, updated: outcome.updated })} <a href={listHref}>{sp('importReload')}</a></>}</p>
        )}
        {(outcome?.kind === 'failed' || outcome?.kind === 'invalid') && outcome.written && <p className="sp-error">{sp('importFailedPart', outcome.written)}</p>}
        {outcome?.kind === 'checked' && <p className="sp-ok">{sp('importCheckedOk', { created: outcome.created, updated: outcome.updated })}</p>}
        {outcome?.kind === 'imported' && (
          <p className="sp-ok">{sp('importDone', { created: outcome.created, updated: outcome.updated })} <a href={listHref}>{sp('importReload')}</a></p>
        )}
        {outcome?.kind === 'failed' && <p className="sp-error" role="alert">{outcome.message}</p>}
      </div>
      {outcome?.kind === 'invalid' && (
        <div className="sp-import-problems" role="alert">
          <p className="sp-error">{outcome.message} {!outcome.written && sp('importNothingWritten')}</p>
          <div className="sp-table-wrap">
            <table>
              <caption>{sp('importProblemsCaption', { count: outcome.problems.length })}</caption>
              <thead><tr><th scope="col">{sp('importLine')}</th><th scope="col">{sp('importColumn')}</th><th scope="col">{sp('importProblem')}</th></tr></thead>
              <tbody>
                {outcome.problems.map((p) => (
                  <tr key={`${p.line}.${p.column}`}>
                    <td>{p.line || '–'}</td>
                    <td>{p.column ? <>{column(p.column)}{column(p.column) !== p.column && <> <code translate="no">{p.column}</code></>}</> : '–'}</td>
                    <td>{p.messages.join(' ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </div>
  );
}
