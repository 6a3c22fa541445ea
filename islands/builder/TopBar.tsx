// The builder's top bar: back to the shop, undo/redo (draft changes and panel commands alike), the save status,
// save draft, discard and publish.
import { useLabels } from './labels.ts';

interface Props {
  back: string; name: string;
  canUndo: boolean; canRedo: boolean; undoTitle: string; redoTitle: string; onUndo: () => void; onRedo: () => void;
  status: { kind: string; text: string }; dirty: boolean; publishing: boolean;
  onSave: () => void; onDiscard: () => void; onPublish: () => void;
}

export function TopBar(p: Props) {
  const L = useLabels();
  return (
    <header className="bf-top">
      <a className="bf-back" href={p.back}>← {p.name}</a>
      <strong className="bf-title">{L.title}</strong>
      <div className="bf-actions">
        <button type="button" className="bf-btn" onClick={p.onUndo} disabled={!p.canUndo} aria-keyshortcuts="Control+Z" title={p.undoTitle}>↶ {L.undo}</button>
        <button type="button" className="bf-btn" onClick={p.onRedo} disabled={!p.canRedo} aria-keyshortcuts="Control+Shift+Z" title={p.redoTitle}>↷ {L.redo}</button>
        <span className={`bf-status bf-${p.status.kind}`} role="status" aria-live="polite">{p.status.text}</span>
        <button type="button" className="bf-btn" onClick={p.onSave} disabled={!p.dirty}>{L.saveDraft}</button>
        <button type="button" className="bf-btn bf-ghost" onClick={p.onDiscard}>{L.discard}</button>
        <button type="button" className="bf-btn bf-primary" onClick={p.onPublish} disabled={p.publishing}>{L.publish}</button>
      </div>
    </header>
  );
}
