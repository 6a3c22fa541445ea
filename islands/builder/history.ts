// The draft document's undo/redo history: a pure reducer (tested on its own).
import type { ThemeDocument } from './types.ts';

export const HISTORY_LIMIT = 100;

export interface History { past: ThemeDocument[]; present: ThemeDocument; future: ThemeDocument[] }

export type HistoryAction =
  | { type: 'change'; doc: ThemeDocument }
  | { type: 'undo' }
  | { type: 'redo' }
  /** A fresh start (load, reload after a conflict): history is cleared. */
  | { type: 'reset'; doc: ThemeDocument };

export const initHistory = (doc: ThemeDocument): History => ({ past: [], present: doc, future: [] });

export function historyReducer(h: History, a: HistoryAction): History {
  switch (a.type) {
    case 'change':
      if (a.doc === h.present) return h;
      return { past: [...h.past, h.present].slice(-HISTORY_LIMIT), present: a.doc, future: [] };
    case 'undo': {
      if (!h.past.length) return h;
      const prev = h.past[h.past.length - 1]!;
      return { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future] };
    }
    case 'redo': {
      if (!h.future.length) return h;
      const [next, ...rest] = h.future;
      return { past: [...h.past, h.present], present: next!, future: rest };
    }
    case 'reset':
      return initHistory(a.doc);
  }
}
