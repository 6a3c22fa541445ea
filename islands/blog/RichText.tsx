// The blog's rich-text field (tiptap): bold, italic, two heading levels, lists, quotes, links and images uploaded
// through the shop's upload endpoint. What it produces is cleaned again on the server (src/domain/blog/sanitize.ts).
import { useRef, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import type { BlogDoc } from '../../src/domain/blog/schema.ts';
import { checkLink, LINK_RULES } from '../../src/lib/shared/safe-url.ts';
import type { BlogLabels } from './labels.ts';

/** http(s), mailto, tel and same-site links, a bare domain given https:// (the server's rules); else null. */
export function acceptableLink(raw: string): string | null {
  return checkLink(raw, { ...LINK_RULES.content, bareDomain: true });
}

export function useBlogEditor(initial: { html: string; json: BlogDoc | null }, labels: BlogLabels) {
  return useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] }, code: false, codeBlock: false, strike: false, horizontalRule: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto', 'tel'], isAllowedUri: (url) => acceptableLink(url) !== null },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: initial.json ?? initial.html ?? '',
    editorProps: {
      attributes: { class: 'blog-prose blog-editor-area', role: 'textbox', 'aria-multiline': 'true', 'aria-label': labels.fieldContent },
    },
  });
}

function ToolButton({ label, pressed, onClick, children, disabled }: { label: string; pressed?: boolean; onClick: () => void; children: ReactNode; disabled?: boolean }) {
  return (
    <button type="button" className="blog-tool" aria-label={label} title={label} aria-pressed={pressed} onMouseDown={(e) => e.preventDefault()} onClick={onClick} disabled={disabled}>
      {children}
    </button>
  );
}

export default function RichText({ editor, labels, onUpload, uploading }: {
  editor: Editor | null; labels: BlogLabels; onUpload: (file: File) => Promise<string | null>; uploading: boolean;
}) {
  const file = useRef<HTMLInputElement>(null);
  const [linking, setLinking] = useState<string | null>(null);
  const [linkError, setLinkError] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => e ? {
      bold: e.isActive('bold'), italic: e.isActive('italic'), h2: e.isActive('heading', { level: 2 }), h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'), ordered: e.isActive('orderedList'), quote: e.isActive('blockquote'), link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
    } : null,
  });
  const chain = () => editor!.chain().focus();
  const applyLink = () => {
    const href = acceptableLink(linking ?? '');
    if (!href) { setLinkError(true); return; }
    chain().extendMarkRange('link').setLink({ href }).run();
    setLinking(null);
  };
  const removeLink = () => { chain().extendMarkRange('link').unsetLink().run(); setLinking(null); };
  const pickImage = async (f: File | undefined) => {
    if (!f || !editor) return;
    const url = await onUpload(f);
    if (url) editor.chain().focus().setImage({ src: url, alt: '' }).run();
  };
  const off = !editor;
  return (
    <div className="blog-rich">
      <div className="blog-toolbar" role="toolbar" aria-label={labels.toolbar}>
        <ToolButton label={labels.bold} pressed={state?.bold} disabled={off} onClick={() => chain().toggleBold().run()}><b>B</b></ToolButton>
        <ToolButton label={labels.italic} pressed={state?.italic} disabled={off} onClick={() => chain().toggleItalic().run()}><i>I</i></ToolButton>
        <span className="blog-tool-sep" aria-hidden="true" />
        <ToolButton label={labels.heading2} pressed={state?.h2} disabled={off} onClick={() => chain().toggleHeading({ level: 2 }).run()}>H2</ToolButton>
        <ToolButton label={labels.heading3} pressed={state?.h3} disabled={off} onClick={() => chain().toggleHeading({ level: 3 }).run()}>H3</ToolButton>
        <span className="blog-tool-sep" aria-hidden="true" />
        <ToolButton label={labels.bulletList} pressed={state?.bullet} disabled={off} onClick={() => chain().toggleBulletList().run()}>
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true"><circle cx="4" cy="5" r="1.6" /><circle cx="4" cy="10" r="1.6" /><circle cx="4" cy="15" r="1.6" /><path d="M8 5h9M8 10h9M8 15h9" stroke="currentColor" strokeWidth="1.8" /></svg>
        </ToolButton>
        <ToolButton label={labels.orderedList} pressed={state?.ordered} disabled={off} onClick={() => chain().toggleOrderedList().run()}>
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true"><text x="1" y="7.5" fontSize="6.5" fill="currentColor">1</text><text x="1" y="13" fontSize="6.5" fill="currentColor">2</text><text x="1" y="18.5" fontSize="6.5" fill="currentColor">3</text><path d="M8 5h9M8 10h9M8 15h9" stroke="currentColor" strokeWidth="1.8" /></svg>
        </ToolButton>
        <ToolButton label={labels.quote} pressed={state?.quote} disabled={off} onClick={() => chain().toggleBlockquote().run()}>❝</ToolButton>
        <span className="blog-tool-sep" aria-hidden="true" />
        <ToolButton label={labels.link} pressed={state?.link || linking !== null} disabled={off} onClick={() => { setLinkError(false); setLinking(linking === null ? (state?.href ?? '') : null); }}>
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8"><path d="M8.5 11.5a3.5 3.5 0 0 0 5 0l2.5-2.5a3.5 3.5 0 0 0-5-5l-1 1" /><path d="M11.5 8.5a3.5 3.5 0 0 0-5 0L4 11a3.5 3.5 0 0 0 5 5l1-1" /></svg>
        </ToolButton>
        <ToolButton label={labels.image} disabled={off || uploading} onClick={() => file.current?.click()}>
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.6"><rect x="2.5" y="3.5" width="15" height="13" rx="1.5" /><circle cx="7" cy="8" r="1.6" /><path d="M3 15l4.5-4.5 3 3 2.5-2.5L17 15" /></svg>
        </ToolButton>
        <input ref={file} type="file" hidden accept=".jpg,.jpeg,.png,.svg,image/jpeg,image/png,image/svg+xml" aria-label={labels.image}
          onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; void pickImage(f); }} />
        {uploading && <span className="blog-uploading" role="status">{labels.uploading}</span>}
      </div>
      {linking !== null && (
        <div className="blog-linkbar">
          <label>
            <span className="visually-hidden">{labels.linkUrl}</span>
            <input type="url" value={linking} placeholder="https://" aria-label={labels.linkUrl} aria-invalid={linkError} autoFocus
              onChange={(e) => { setLinking(e.target.value); setLinkError(false); }}
              onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); applyLink(); } if (e.key === 'Escape') setLinking(null); }} />
          </label>
          <button type="button" className="btn" onClick={applyLink}>{labels.applyLink}</button>
          {state?.link && <button type="button" className="btn secondary" onClick={removeLink}>{labels.removeLink}</button>}
          {linkError && <small className="blog-error" role="alert">{labels.invalidLink}</small>}
        </div>
      )}
      <EditorContent editor={editor} className="blog-editor-frame" />
    </div>
  );
}
