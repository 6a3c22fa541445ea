// The locale test's own rules (tests/support): what counts as visible text, and that shop data is never judged.
import { describe, expect, it } from 'vitest';
import { LocaleChecker } from '../support/locale-check.ts';
import { visibleText } from '../support/visible-text.ts';

describe('visible text', () => {
  it('reads text nodes and spoken attributes, skips scripts, styles and translate="no" regions', () => {
    const html = `<html><head><title>Carrito</title><style>.x{content:"Buscar"}</style></head><body>
      <script>const s = "Guardar";</script>
      <button aria-label="Cerrar">×</button><input type="submit" value="Pagar"><img alt="Foto">
      <div translate="no"><strong>Your sign-in PIN</strong><p>nested <b>Required</b></p></div><p>after</p>
      <astro-island component-url="/x/Cart.js" props='{"label":[0,"Agregar al carrito"],"n":[0,3]}'><p>ssr</p></astro-island>
    </body></html>`;
    const texts = visibleText(html).map((p) => `${p.kind}:${p.text}`);
    expect(texts).toEqual(['text:Carrito', 'attr:Cerrar', 'text:×', 'attr:Pagar', 'attr:Foto', 'text:after', 'prop:Agregar al carrito', 'text:ssr']);
  });
});

describe('locale checker', () => {
  const checker = new LocaleChecker(['Productos de talleres mexicanos', 'Casa Norte 03']);
  const check = (locale: 'es' | 'en', html: string) => checker.check(locale, 'p', visibleText(html)).map((f) => `${f.kind}:${f.match}`);

  it('finds the other language and raw codes in interface text', () => {
    expect(check('en', '<h2>Productos</h2><p>Agregar al carrito</p>')).toEqual(['language:Productos', 'language:Agregar', 'language:Agregar al carrito']);
    expect(check('es', '<label>Required</label><p>Pago: str_card</p><p>Esperando a: sent_to_supplier</p>')).toEqual(['language:Required', 'code:str_card', 'code:sent_to_supplier']);
    expect(check('es', '<p>Please try again</p>')).toEqual(['language:Please']);
    expect(check('en', '<p>¿Seguro?</p>')).toEqual(['language:¿']);
  });

  it('finds money written in another locale\'s style (es-AR cards once read "$1,499.00" beside "$ 319,00")', () => {
    const ar = (html: string) => checker.check('es-AR', 'p', visibleText(html)).map((f) => `${f.kind}:${f.match}`);
    expect(ar('<p class="price">$1,499.00</p><p>$\u00a0319,00</p>')).toEqual(['money:$1,499.00']);
    expect(ar('<p>$\u00a01.499,00</p><p>€\u00a00,05</p>')).toEqual([]);
    expect(check('es', '<p>$1,499.00</p><p>$ 1.499,00</p>')).toEqual(['money:$ 1.499,00']);
    expect(check('en', '<p>$1,499.00</p><p>€0.05</p>')).toEqual([]);
  });

  it('does not read e-mail addresses as words (a random "lote-una9ymgt@" is not Spanish)', () => {
    expect(check('en', '<header>· To: lote-una9ymgt@demo.test ·</header>')).toEqual([]);
    expect(check('en', '<header>To: una persona</header>')).toEqual(['language:una']);
  });

  it('does not judge shop data, even when a UI word is inside it', () => {
    expect(check('en', '<p>Productos de talleres mexicanos</p><h3>Casa Norte 03</h3>')).toEqual([]);
    expect(check('en', '<p>Productos de talleres mexic…</p>')).toEqual([]);
    // A short piece that only occurs inside some data is interface text.
    expect(check('en', '<h2>Productos</h2>')).toEqual(['language:Productos']);
    // The data excuses only itself: a UI word beside it in the same text is still found.
    expect(check('en', '<p>Productos · Casa Norte 03</p>')).toEqual(['language:Productos']);
  });
});
