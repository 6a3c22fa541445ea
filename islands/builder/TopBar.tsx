// The builder's top bar: back to the shop, undo/redo (section edits and panel commands alike), the save status,
// the one sentence that says how edits are saved (every edit is live, Undo takes it back) and 'Save now' (sends
// a pending auto-save at once).
import { useLabels } from './labels.ts';

interface Props {
  back: string; name: string;
  canUndo: boolean; canRedo: boolean; undoTitle: string; redoTitle: string; onUndo: () => void; onRedo: () => void;
  status: { kind: string; text: string }; busy: boolean;
  onSave: () => void;
}

export function TopBar(p: Props) {
  const L = useLabels();
  return (
    <header className="bf-top">
      <a className="bf-back" href={p.back}>← {p.name}</a>
      <strong className="bf-title">{L.title}</strong>
      <p className="bf-model" data-testid="save-model">{L.saveModel}</p>
      <div className="bf-actions">
        <button type="button" className="bf-btn" onClick={p.onUndo} disabled={!p.canUndo} aria-keyshortcuts="Control+Z" title={p.undoTitle}>↶ {L.undo}</button>
        <button type="button" className="bf-btn" onClick={p.onRedo} disabled={!p.canRedo} aria-keyshortcuts="Control+Shift+Z" title={p.redoTitle}>↷ {L.redo}</button>
        <span className={`bf-status bf-${p.status.kind}`} role="status" aria-live="polite">{p.status.text}</span>
        <button type="button" className="bf-btn bf-primary" onClick={p.onSave} disabled={p.busy}>{L.saveNow}</button>
      </div>
    </header>
  );
}
