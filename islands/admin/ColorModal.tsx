import ColorPanel, { type Preset } from './ColorPanel.tsx';
import type { AdminApi } from './api.ts';
import { defaultLabels, type AdminLabels } from './labels.ts';
import { Modal } from './ui.tsx';

export default function ColorModal({ api, presets, initial, labels = defaultLabels, onClose, onSaved }: {
  api: AdminApi; presets: Preset[]; initial?: { color1: string; color2: string }; labels?: AdminLabels; onClose: () => void; onSaved: (c: { color1: string; color2: string }) => void;
}) {
  return (
    <Modal title={labels.color} onClose={onClose} closeLabel={labels.close}>
      <ColorPanel api={api} presets={presets} initial={initial} labels={labels} onDone={(saved, c) => (saved && c ? onSaved(c) : onClose())} />
    </Modal>
  );
}
