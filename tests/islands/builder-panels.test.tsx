// The shop's editors inside the theme builder (issue 15): the same Modal renders as a side panel there (no dialog,
// no backdrop, its close button still closes), and on the storefront a modal that is also a builder panel links to
// the builder at that panel. ?panel= names are checked before use.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { BuilderLinkContext, InlineModalContext, Modal } from '../../islands/admin/ui.tsx';
import { builderPanelHref, isToolPanel } from '../../islands/builder/tool-panels.ts';

afterEach(cleanup);

describe('Modal as a builder panel', () => {
  it('renders a labelled region without a dialog or backdrop; × closes it', () => {
    const onClose = vi.fn();
    const { container } = render(
      <InlineModalContext.Provider value={true}>
        <Modal title="Carrusel" onClose={onClose} closeLabel="Cerrar"><button type="button">Agregar diapositiva</button></Modal>
      </InlineModalContext.Provider>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(container.querySelector('.adm-backdrop')).toBeNull();
    expect(screen.getByRole('region', { name: 'Carrusel' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('on the storefront the dialog links to the builder at its panel', () => {
    render(
      <BuilderLinkContext.Provider value={{ href: builderPanelHref('/demo-03', 'carousel'), label: 'Abrir en el editor del tema' }}>
        <Modal title="Carrusel" onClose={() => {}}><p>x</p></Modal>
      </BuilderLinkContext.Provider>,
    );
    const link = screen.getByRole('dialog').querySelector('a');
    expect(link?.getAttribute('href')).toBe('/demo-03/admin/editor?panel=carousel');
  });

  it('a dialog without a builder panel has no such link', () => {
    render(<Modal title="Franquicias" onClose={() => {}}><p>x</p></Modal>);
    expect(screen.getByRole('dialog').querySelector('a')).toBeNull();
  });

  it('only known panel names open a panel', () => {
    expect(isToolPanel('banners')).toBe(true);
    expect(isToolPanel('franchises')).toBe(false);
    expect(isToolPanel('<script>')).toBe(false);
    expect(isToolPanel(null)).toBe(false);
  });
});
