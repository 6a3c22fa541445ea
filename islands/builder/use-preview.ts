// The builder's side of the preview bridge (src/components/builder/PreviewBridge.astro): the preview outlines the
// section selected here (also after each reload, when it says it is ready), shows the theme settings at once
// (the same CSS the server renders after the auto-save), and a click on a section there selects it here.
import { useEffect, useRef, type RefObject } from 'react';
import { themeSettingsCss } from '../../src/themes/theme-settings.ts';
import type { Tokens } from '../../src/themes/schema.ts';
import type { ThemeDocument } from './types.ts';

interface Options {
  frame: RefObject<HTMLIFrameElement | null>;
  selected: string | null;
  doc: ThemeDocument;
  packTokens: Tokens | undefined;
  dark: boolean;
  /** A section clicked in the preview (the caller checks it is on the current page). */
  onSelect: (id: string) => void;
  /** An element with its own editor clicked in the preview: the panel ('carousel', 'banners', 'headers', 'photo',
   * 'social') and the item (a slide's or a banner's id), checked by the caller. */
  onEdit: (panel: string, item: string | null) => void;
}

export function usePreviewBridge({ frame, selected, doc, packTokens, dark, onSelect, onEdit }: Options) {
  const post = (m: Record<string, unknown>) => frame.current?.contentWindow?.postMessage(m, window.location.origin);
  const latest = useRef({ selected, onSelect, onEdit, tokens: { css: '', scheme: undefined as string | undefined } });
  // eslint-disable-next-line react-hooks/refs -- the preview frame and its handlers are read by reference on purpose (no re-render per message)
  latest.current.selected = selected;
  // eslint-disable-next-line react-hooks/refs -- the preview frame and its handlers are read by reference on purpose (no re-render per message)
  latest.current.onSelect = onSelect;
  // eslint-disable-next-line react-hooks/refs -- the preview frame and its handlers are read by reference on purpose (no re-render per message)
  latest.current.onEdit = onEdit;
  // eslint-disable-next-line react-hooks/refs -- the preview frame and its handlers are read by reference on purpose (no re-render per message)
  latest.current.tokens = { css: packTokens ? themeSettingsCss(packTokens, doc.tokens, dark) : '', scheme: doc.tokens?.scheme };
  const tellSelected = () => post({ type: 'builder:selected', id: latest.current.selected });
  const tellTokens = () => post({ type: 'builder:tokens', ...latest.current.tokens });

  useEffect(() => { tellSelected(); }, [selected]);
  useEffect(() => { tellTokens(); }, [doc.tokens, packTokens]);
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.source !== frame.current?.contentWindow) return;
      const m = e.data as { type?: unknown; id?: unknown; panel?: unknown; item?: unknown } | null;
      if (m?.type === 'builder:preview-ready') { tellSelected(); tellTokens(); return; }
      if (m?.type === 'builder:select-section' && typeof m.id === 'string') latest.current.onSelect(m.id);
      if (m?.type === 'builder:edit' && typeof m.panel === 'string') latest.current.onEdit(m.panel, typeof m.item === 'string' && m.item.length <= 64 ? m.item : null);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
}
