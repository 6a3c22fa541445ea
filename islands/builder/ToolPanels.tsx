// The builder's tool panels in the side bar: the list of the shop's editors, and the open one (AdminPanels,
// loaded on demand) with its way back to the sections.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { AdminShop } from '../admin/AdminBar.tsx';
import type { AdminLabels } from '../admin/labels.ts';
import type { RecordCommand } from '../admin/panel-history.ts';
import { toolName } from './issues.ts';
import { useLabels } from './labels.ts';
import { isToolPanel, TOOL_PANELS, type ToolPanel } from './tool-panels.ts';

const AdminPanels = lazy(() => import('./AdminPanels.tsx'));

export function ToolNav({ adminLabels, onOpen }: { adminLabels?: Partial<AdminLabels>; onOpen: (p: ToolPanel) => void }) {
  const L = useLabels();
  return (
    <nav className="bf-tools" aria-label={L.tools}>
      <h2 className="bf-h">{L.tools}</h2>
      <ul>
        {TOOL_PANELS.map((p) => (
          <li key={p}><button type="button" className="bf-btn bf-small" data-panel={p} onClick={() => onOpen(p)}>{toolName(adminLabels, p)}</button></li>
        ))}
      </ul>
    </nav>
  );
}

interface OpenProps {
  tool: ToolPanel;
  /** The slide or banner whose own form the panel opens at (a click in the preview, a storefront pencil). */
  item?: string | null;
  shop: AdminShop; base: string; adminLabels?: Partial<AdminLabels>;
  /** Changes after an undo or redo of a panel command, so the panel reads the live data again. */
  epoch: number;
  notice: string; onCommand: RecordCommand; onClose: () => void; onChanged: () => void;
}

export function OpenToolPanel({ tool, item, shop, base, adminLabels, epoch, notice, onCommand, onClose, onChanged }: OpenProps) {
  const L = useLabels();
  const top = useRef<HTMLButtonElement>(null);
  // The editor opened from the preview is brought into view (on phones the panel sits above the preview).
  useEffect(() => { top.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' }); }, [tool, item]);
  return (
    <>
      <button ref={top} type="button" className="bf-btn bf-back-btn" onClick={onClose}>← {L.backToSections}</button>
      <Suspense fallback={<p aria-busy="true">{L.toolLoading}</p>}>
        <AdminPanels key={`${tool}-${item ?? ''}-${epoch}`} panel={tool} item={item ?? null} shop={shop} base={base} labels={adminLabels} savedLabel={L.toolSaved}
          notice={notice} onCommand={onCommand} onClose={onClose} onChanged={onChanged} />
      </Suspense>
    </>
  );
}

/**
 * Which panel is open (a tool, the theme settings, or none: the sections) and the item it edits (a slide, a
 * banner), kept in the address's `?panel=` and `?item=`.
 */
export function useOpenPanel(initialPanel: string | null | undefined, hasTools: boolean, initialItem?: string | null) {
  const [tool, setTool] = useState<ToolPanel | null>(hasTools && isToolPanel(initialPanel) ? initialPanel : null);
  const [item, setItem] = useState<string | null>(hasTools && isToolPanel(initialPanel) ? initialItem ?? null : null);
  const [themeOpen, setThemeOpen] = useState(initialPanel === 'theme');
  const openTool = useCallback((p: ToolPanel | 'theme' | null, it: string | null = null) => {
    setTool(p === 'theme' ? null : p);
    setItem(p && p !== 'theme' ? it : null);
    setThemeOpen(p === 'theme');
    // The address says which panel is open, so a reload or a shared link comes back to it.
    const u = new URL(window.location.href);
    if (p) u.searchParams.set('panel', p); else u.searchParams.delete('panel');
    if (p && p !== 'theme' && it) u.searchParams.set('item', it); else u.searchParams.delete('item');
    window.history.replaceState(null, '', u);
  }, []);
  return { tool, item, themeOpen, openTool };
}
