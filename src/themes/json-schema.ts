import { z } from 'zod';
import { packFileSchema } from './schema.ts';

/** The contents of theme.schema.json (what a pack's theme.json is checked against in editors). */
export function themeJsonSchema() {
  return { ...z.toJSONSchema(packFileSchema, { io: 'input', target: 'draft-2020-12' }), title: 'Theme pack (themes/<id>/theme.json)' };
}

export const themeJsonSchemaText = () => JSON.stringify(themeJsonSchema(), null, 2) + '\n';
