// The ordered sections of one template: drag (pointer) or keyboard (space, arrows, space) reordering with
// dnd-kit sortable, select, hide/show, remove.
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { fmt, useLabels } from './labels.ts';
import type { Section, SectionTypeInfo } from './types.ts';

interface Props {
  sections: Section[];
  types: Map<string, SectionTypeInfo>;
  selected: string | null;
  errors: Set<string>;
  onSelect: (id: string) => void;
  onMove: (from: number, to: number) => void;
  onToggle: (id: string) => void;
  onRemove: (id: string) => void;
}

export function SectionList({ sections, types, selected, errors, onSelect, onMove, onToggle, onRemove }: Props) {
  const L = useLabels();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = sections.findIndex((s) => s.id === e.active.id);
    const to = sections.findIndex((s) => s.id === e.over!.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  const name = (s: Section) => types.get(s.type)?.name ?? s.type;
  /** Announcements name sections as the list shows them (the id only tells apart two of one type). */
  const said = (id: unknown) => { const s = sections.find((x) => x.id === id); return s ? label(s) : String(id); };
  const label = (s: Section) => (sections.filter((x) => x.type === s.type).length > 1 ? `${name(s)} (${s.id})` : name(s));
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: L.dragHelp },
        announcements: {
          onDragStart: ({ active }) => fmt(L.dragStart, { name: said(active.id) }),
          onDragOver: ({ active, over }) => (over ? fmt(L.dragOver, { name: said(active.id), over: said(over.id) }) : ''),
          onDragEnd: ({ active, over }) => (over ? fmt(L.dragEnd, { name: said(active.id), over: said(over.id) }) : ''),
          onDragCancel: ({ active }) => fmt(L.dragCancel, { name: said(active.id) }),
        },
      }}
    >
      <SortableContext items={sections.map((s) => s.id)} strategy={verticalListSortingStrategy}>
        <ol className="bf-sections" aria-label={L.sections}>
          {sections.map((s) => (
            <Row key={s.id} s={s} label={label(s)} selected={selected === s.id} error={errors.has(s.id)}
              onSelect={onSelect} onToggle={onToggle} onRemove={onRemove} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function Row({ s, label, selected, error, onSelect, onToggle, onRemove }: {
  s: Section; label: string; selected: boolean; error: boolean;
  onSelect: (id: string) => void; onToggle: (id: string) => void; onRemove: (id: string) => void;
}) {
  const L = useLabels();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: s.id });
  const style = { transform: CSS.Transform.toString(transform), transition };
  const cls = ['bf-row', selected && 'is-selected', s.disabled && 'is-hidden', isDragging && 'is-dragging', error && 'has-error'].filter(Boolean).join(' ');
  return (
    <li ref={setNodeRef} style={style} className={cls} data-section-id={s.id} data-section-type={s.type}>
      <button type="button" ref={setActivatorNodeRef} className="bf-handle" aria-label={fmt(L.move, { name: label })} {...attributes} {...listeners}>⠿</button>
      <button type="button" className="bf-row-name" aria-pressed={selected} onClick={() => onSelect(s.id)}>
        <span>{label}</span>
        {s.disabled && <small>{L.hidden}</small>}
        {error && <span className="bf-badge" aria-label={L.hasErrors}>!</span>}
      </button>
      <button type="button" className="bf-icon" aria-label={fmt(s.disabled ? L.show : L.hide, { name: label })} title={s.disabled ? L.showShort : L.hideShort} onClick={() => onToggle(s.id)}>{s.disabled ? '◌' : '◉'}</button>
      <button type="button" className="bf-icon" aria-label={fmt(L.remove, { name: label })} title={L.removeShort} onClick={() => onRemove(s.id)}>✕</button>
    </li>
  );
}
