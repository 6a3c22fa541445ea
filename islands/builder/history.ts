// The builder's one undo/redo timeline (a pure reducer, tested on its own): draft changes (the document before
// each change) and panel commands (a live save in a tool panel: header, carousel, banners, colours, photo, social
// links; see islands/admin/panel-history.ts) in the order they happened. Undo takes the most recent entry of
// either kind. A command's own undo()/redo() call the admin API; the reducer only moves it between the stacks once
// that call succeeded ('undo'/'redo'), or drops it when it failed ('drop'), so the state stays pure.
import type { ThemeDocument } from './types.ts';

export const HISTORY_LIMIT = 100;

/** A draft change (`doc`: the document on the other side of it) or a panel command. */
export type Entry<C> = { kind: 'doc'; doc: ThemeDocument } | { kind: 'cmd'; cmd: C };

export interface History<C = unknown> { past: Entry<C>[]; present: ThemeDocument; future: Entry<C>[] }

export type HistoryAction<C = unknown> =
  | { type: 'change'; doc: ThemeDocument }
  /** A panel saved something live: recorded after the draft changes before it; clears the redo stack. */
  | { type: 'record'; cmd: C }
  | { type: 'undo' }
  | { type: 'redo' }
  /** The next entry to undo ('past') or redo ('future') could not be applied: it leaves the history. */
  | { type: 'drop'; from: 'past' | 'future' }
  /** A fresh draft (load, reload after a conflict, discard): the draft entries go; panel commands stay (their
   * data is live and not part of the draft). */
  | { type: 'reset'; doc: ThemeDocument };

export const initHistory = <C = unknown>(doc: ThemeDocument): History<C> => ({ past: [], present: doc, future: [] });

/** The entry the next undo (redo) takes, if any. */
export const nextUndo = <C>(h: History<C>): Entry<C> | undefined => h.past[h.past.length - 1];
export const nextRedo = <C>(h: History<C>): Entry<C> | undefined => h.future[0];

export function historyReducer<C>(h: History<C>, a: HistoryAction<C>): History<C> {
  switch (a.type) {
    case 'change':
      if (a.doc === h.present) return h;
      return { past: [...h.past, { kind: 'doc' as const, doc: h.present }].slice(-HISTORY_LIMIT), present: a.doc, future: [] };
    case 'record':
      return { past: [...h.past, { kind: 'cmd' as const, cmd: a.cmd }].slice(-HISTORY_LIMIT), present: h.present, future: [] };
    case 'undo': {
      const e = nextUndo(h);
      if (!e) return h;
      const past = h.past.slice(0, -1);
      if (e.kind === 'cmd') return { past, present: h.present, future: [e, ...h.future] };
      return { past, present: e.doc, future: [{ kind: 'doc', doc: h.present }, ...h.future] };
    }
    case 'redo': {
      const e = nextRedo(h);
      if (!e) return h;
      const future = h.future.slice(1);
      if (e.kind === 'cmd') return { past: [...h.past, e], present: h.present, future };
      return { past: [...h.past, { kind: 'doc', doc: h.present }], present: e.doc, future };
    }
    case 'drop':
      if (a.from === 'past') return h.past.length ? { ...h, past: h.past.slice(0, -1) } : h;
      return h.future.length ? { ...h, future: h.future.slice(1) } : h;
    case 'reset': {
      const cmds = (list: Entry<C>[]) => list.filter((e) => e.kind === 'cmd');
      return { past: cmds(h.past), present: a.doc, future: cmds(h.future) };
    }
  }
}
