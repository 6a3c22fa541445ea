// The builder's one undo/redo timeline as a hook: draft changes and the tool panels' commands (history.ts), the
// Undo/Redo buttons and Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y (text fields keep their own undo). A panel command's undo
// or redo calls the admin API; while it runs the buttons wait, and when it fails (the item was deleted elsewhere,
// no connection) a toast says so and the entry leaves the history: never a crash.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { ERROR_TOAST_MS, SUCCESS_TOAST_MS, useToasts } from '../admin/ui.tsx';
import { isJsonApiError } from '../shared/json-api.ts';
import type { PanelCommand } from '../admin/panel-history.ts';
import { historyReducer, initHistory, nextRedo, nextUndo } from './history.ts';
import { fmt } from './labels.ts';
import { commandName, type PanelHistoryLabels } from './panel-history-labels.ts';
import type { ThemeDocument } from './types.ts';

export function useBuilderHistory(empty: ThemeDocument, L: PanelHistoryLabels, onCommand: (c: PanelCommand) => void) {
  const [history, dispatch] = useReducer(historyReducer<PanelCommand>, empty, initHistory<PanelCommand>);
  const [busy, setBusy] = useState(false);
  const { push } = useToasts();
  const latest = useRef({ history, busy, onCommand });
  latest.current = { history, busy, onCommand };

  const step = useCallback(async (dir: 'undo' | 'redo') => {
    const { history: h, busy: running } = latest.current;
    if (running) return;
    const e = dir === 'undo' ? nextUndo(h) : nextRedo(h);
    if (!e) return;
    if (e.kind === 'doc') { dispatch({ type: dir }); return; }
    const what = commandName(L, e.cmd.kind);
    setBusy(true);
    latest.current.busy = true;
    try {
      await e.cmd[dir]();
      dispatch({ type: dir });
      push({ kind: 'success', message: fmt(dir === 'undo' ? L.undone : L.redone, { what }), ms: SUCCESS_TOAST_MS });
    } catch (err) {
      dispatch({ type: 'drop', from: dir === 'undo' ? 'past' : 'future' });
      const status = isJsonApiError(err) ? err.status : -1;
      const reason = status === 404 ? L.reasonGone : status === 0 ? L.reasonNetwork : L.reasonRefused;
      push({ kind: 'error', message: fmt(dir === 'undo' ? L.undoFailed : L.redoFailed, { what, reason }), ms: ERROR_TOAST_MS });
    } finally {
      setBusy(false);
      latest.current.busy = false;
      latest.current.onCommand(e.cmd);
    }
  }, [L, push]);
  const undo = useCallback(() => { void step('undo'); }, [step]);
  const redo = useCallback(() => { void step('redo'); }, [step]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'TEXTAREA' || (t.tagName === 'INPUT' && !['checkbox', 'range', 'button', 'radio'].includes((t as HTMLInputElement).type)))) return;
      const k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) { e.preventDefault(); undo(); }
      else if ((k === 'z' && e.shiftKey) || k === 'y') { e.preventDefault(); redo(); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);

  /** The Undo/Redo buttons' tooltips name a panel command ('Deshacer: color de fondo'). */
  const title = (dir: 'undo' | 'redo', fallback: string) => {
    const e = dir === 'undo' ? nextUndo(history) : nextRedo(history);
    return e?.kind === 'cmd' ? fmt(dir === 'undo' ? L.undoThis : L.redoThis, { what: commandName(L, e.cmd.kind) }) : fallback;
  };
  const change = useCallback((doc: ThemeDocument) => dispatch({ type: 'change', doc }), []);
  const record = useCallback((cmd: PanelCommand) => dispatch({ type: 'record', cmd }), []);
  const reset = useCallback((doc: ThemeDocument) => dispatch({ type: 'reset', doc }), []);
  return { history, doc: history.present, busy, undo, redo, change, record, reset, title };
}
