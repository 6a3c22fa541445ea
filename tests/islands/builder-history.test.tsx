// The builder's undo/redo history reducer and the document edits it records.
import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, historyReducer, initHistory, nextRedo, nextUndo, type History } from '../../islands/builder/history.ts';
import { addSection, moveSection, removeSection, sectionsOf, setSetting, toggleSection } from '../../islands/builder/doc.ts';
import { themeState } from './builder-fixtures.ts';

const ids = (d: ReturnType<typeof themeState>['draft']) => sectionsOf(d, 'home').map((s) => s.id);

describe('builder history', () => {
  it('undoes and redoes changes in order, and a new change clears the redo stack', () => {
    const d0 = themeState().draft;
    const d1 = moveSection(d0, 'home', 2, 1);
    const d2 = toggleSection(d1, 'home', 'carousel');
    let h = initHistory(d0);
    h = historyReducer(h, { type: 'change', doc: d1 });
    h = historyReducer(h, { type: 'change', doc: d2 });
    expect(h.present).toBe(d2);
    h = historyReducer(h, { type: 'undo' });
    expect(h.present).toBe(d1);
    h = historyReducer(h, { type: 'undo' });
    expect(h.present).toBe(d0);
    expect(historyReducer(h, { type: 'undo' })).toBe(h); // nothing more to undo
    h = historyReducer(h, { type: 'redo' });
    expect(h.present).toBe(d1);
    expect(h.future).toEqual([{ kind: 'doc', doc: d2 }]);
    const d3 = setSetting(d1, 'home', 'products', 'columns', 3);
    h = historyReducer(h, { type: 'change', doc: d3 });
    expect(h.future).toEqual([]);
    expect(historyReducer(h, { type: 'redo' })).toBe(h);
    expect(h.past).toEqual([{ kind: 'doc', doc: d0 }, { kind: 'doc', doc: d1 }]);
  });

  it('reset clears the history; the past is bounded', () => {
    const d0 = themeState().draft;
    let h = initHistory(d0);
    for (let i = 0; i < HISTORY_LIMIT + 10; i++) h = historyReducer(h, { type: 'change', doc: setSetting(h.present, 'home', 'products', 'limit', 4 + (i % 10)) });
    expect(h.past.length).toBe(HISTORY_LIMIT);
    h = historyReducer(h, { type: 'reset', doc: d0 });
    expect(h).toEqual({ past: [], present: d0, future: [] });
  });

  it('one timeline: panel commands and draft changes undo and redo in the order they happened', () => {
    const d0 = themeState().draft;
    const d1 = moveSection(d0, 'home', 2, 1);
    const d2 = toggleSection(d1, 'home', 'carousel');
    let h: History<string> = initHistory<string>(d0);
    h = historyReducer(h, { type: 'change', doc: d1 });
    h = historyReducer(h, { type: 'record', cmd: 'colour' });
    h = historyReducer(h, { type: 'record', cmd: 'slide' });
    h = historyReducer(h, { type: 'change', doc: d2 });
    // The most recent first: the draft change, then the two commands (the draft stays), then the first change.
    expect(nextUndo(h)).toEqual({ kind: 'doc', doc: d1 });
    h = historyReducer(h, { type: 'undo' });
    expect(h.present).toBe(d1);
    expect(nextUndo(h)).toEqual({ kind: 'cmd', cmd: 'slide' });
    h = historyReducer(h, { type: 'undo' });
    expect(h.present).toBe(d1);
    expect(nextUndo(h)).toEqual({ kind: 'cmd', cmd: 'colour' });
    h = historyReducer(h, { type: 'undo' });
    expect(nextUndo(h)).toEqual({ kind: 'doc', doc: d0 });
    expect(h.future.map((e) => (e.kind === 'cmd' ? e.cmd : 'doc'))).toEqual(['colour', 'slide', 'doc']);
    // Redo goes forward the same way.
    expect(nextRedo(h)).toEqual({ kind: 'cmd', cmd: 'colour' });
    h = historyReducer(h, { type: 'redo' });
    expect(nextRedo(h)).toEqual({ kind: 'cmd', cmd: 'slide' });
    h = historyReducer(h, { type: 'redo' });
    h = historyReducer(h, { type: 'redo' });
    expect(h.present).toBe(d2);
    expect(h.future).toEqual([]);
    // A new command clears the redo stack, like a draft change.
    h = historyReducer(h, { type: 'undo' });
    h = historyReducer(h, { type: 'record', cmd: 'banner' });
    expect(h.future).toEqual([]);
    expect(h.present).toBe(d1);
    expect(nextUndo(h)).toEqual({ kind: 'cmd', cmd: 'banner' });
  });

  it('a command that could not be applied is dropped from either side; drop on an empty side changes nothing', () => {
    const d0 = themeState().draft;
    let h: History<string> = initHistory<string>(d0);
    expect(historyReducer(h, { type: 'drop', from: 'past' })).toBe(h);
    expect(historyReducer(h, { type: 'drop', from: 'future' })).toBe(h);
    h = historyReducer(h, { type: 'record', cmd: 'a' });
    h = historyReducer(h, { type: 'record', cmd: 'b' });
    h = historyReducer(h, { type: 'drop', from: 'past' });
    expect(h.past).toEqual([{ kind: 'cmd', cmd: 'a' }]);
    h = historyReducer(h, { type: 'undo' });
    h = historyReducer(h, { type: 'drop', from: 'future' });
    expect(h).toEqual({ past: [], present: d0, future: [] });
  });

  it('reset (a reloaded or discarded draft) forgets draft changes but keeps the live panel commands', () => {
    const d0 = themeState().draft;
    const d1 = moveSection(d0, 'home', 2, 1);
    const d2 = toggleSection(d1, 'home', 'carousel');
    let h: History<string> = initHistory<string>(d0);
    h = historyReducer(h, { type: 'change', doc: d1 });
    h = historyReducer(h, { type: 'record', cmd: 'colour' });
    h = historyReducer(h, { type: 'record', cmd: 'slide' });
    h = historyReducer(h, { type: 'undo' });
    h = historyReducer(h, { type: 'reset', doc: d2 });
    expect(h).toEqual({ past: [{ kind: 'cmd', cmd: 'colour' }], present: d2, future: [{ kind: 'cmd', cmd: 'slide' }] });
    // Commands count towards the bound too.
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) h = historyReducer(h, { type: 'record', cmd: `c${i}` });
    expect(h.past.length).toBe(HISTORY_LIMIT);
    expect(nextUndo(h)).toEqual({ kind: 'cmd', cmd: `c${HISTORY_LIMIT + 4}` });
  });

  it('document edits do not touch the original', () => {
    const d0 = themeState().draft;
    const moved = moveSection(d0, 'home', 2, 0);
    expect(ids(moved)).toEqual(['products', 'carousel', 'catalogues']);
    expect(ids(d0)).toEqual(['carousel', 'catalogues', 'products']);
    const added = addSection(moved, 'home', 'products');
    expect(added.id).toBe('products-2');
    expect(ids(removeSection(added.doc, 'home', 'carousel'))).toEqual(['products', 'catalogues', 'products-2']);
    expect(toggleSection(d0, 'home', 'catalogues').templates.home!.sections[1]!.disabled).toBe(true);
    expect(d0.templates.home!.sections[1]!.disabled).toBe(false);
  });
});
