// Texts the supplier product islands read (islands/supplier/i18n.ts), resolved in the visitor's locale on the server:
// the `supplierProducts` area and the validation texts (zod issues are turned into words in the browser too), plus
// the rich-text toolbar's labels (the blog editor's, reused). No dictionary ships to the browser.
import es from '../../locales/es.json' with { type: 'json' };
import type { MessageKey, Translator } from '../../lib/i18n/index.ts';
import { BLOG_LABEL_KEYS, defaultBlogLabels, type BlogLabels } from '../../../islands/blog/labels.ts';
import type { SupplierTexts } from '../../../islands/supplier/i18n.ts';

function areaKeys(area: 'supplierProducts' | 'validation'): string[] {
  return Object.keys(es[area]).map((k) => `${area}.${k}`);
}

export function supplierTexts(t: Translator, areas: readonly ('supplierProducts' | 'validation')[] = ['supplierProducts', 'validation']): SupplierTexts {
  const texts: Record<string, string> = {};
  for (const area of areas) {
    for (const key of areaKeys(area)) if (!(key.endsWith('_many') && t.locale === 'en')) texts[key] = t(key as MessageKey);
  }
  return { locale: t.locale, texts };
}

/** The rich-text toolbar's labels in the visitor's language. */
export function richTextLabels(t: Translator): BlogLabels {
  return {
    ...defaultBlogLabels,
    ...Object.fromEntries(BLOG_LABEL_KEYS.map((k) => [k, t(`blog.${k}`)])),
    dropzone: t('adminUi.dropzone'), imageRejected: t('adminUi.imageRejected'), close: t('common.close'),
  };
}
