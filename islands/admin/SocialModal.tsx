// Social links (seed 000 §5): discord must be a valid URL; the rest free text, saved as the profile address a handle
// names. The form checks with the API's own rules (src/lib/shared/social-links.ts); fields the API still refuses
// show their error under the field.
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { SOCIAL_NETWORKS, socialFieldSchema } from '../../src/lib/shared/social-links.ts';
import type { AdminApi, ApiError } from './api.ts';
import { patchStore } from './panel-commands.ts';
import { usePanelHistory } from './panel-history.ts';
import { defaultLabels, type AdminLabels } from './labels.ts';
import { ERROR_TOAST_MS, Field, Modal, useToasts } from './ui.tsx';
import IslandForm from '../shared/form.tsx';

const SOCIAL_FIELDS = SOCIAL_NETWORKS;
type Social = Record<(typeof SOCIAL_FIELDS)[number], string>;
type SocialOut = Record<(typeof SOCIAL_FIELDS)[number], string | null>;

const messageOf = (f: (typeof SOCIAL_FIELDS)[number], labels: AdminLabels) => (f === 'discord' ? labels.invalidUrl : labels.invalidSocial);
export const socialFormSchema = (labels: AdminLabels) =>
  z.object(Object.fromEntries(SOCIAL_FIELDS.map((f) => [f, socialFieldSchema(f, messageOf(f, labels))])) as Record<keyof Social, ReturnType<typeof socialFieldSchema>>);

export default function SocialModal({ api, socials, labels = defaultLabels, onClose, onSaved }: {
  api: AdminApi; socials: Partial<Record<string, string | null>>; labels?: AdminLabels; onClose: () => void; onSaved: () => void;
}) {
  const { push } = useToasts();
  const record = usePanelHistory();
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<Social, unknown, SocialOut>({
    resolver: zodResolver(socialFormSchema(labels)) as Resolver<Social, unknown, SocialOut>, defaultValues: Object.fromEntries(SOCIAL_FIELDS.map((f) => [f, socials[f] ?? ''])) as Social,
  });
  const onSubmit = async (v: SocialOut) => {
    try {
      await patchStore(api, record, 'social', v);
      onSaved();
    } catch (e) {
      const refused = SOCIAL_FIELDS.filter((f) => (e as ApiError).fields?.[f]);
      for (const f of refused) setError(f, { message: messageOf(f, labels) });
      if (!refused.length) push({ kind: 'error', title: labels.errorTitle, message: labels.genericError, ms: ERROR_TOAST_MS });
    }
  };
  return (
    <Modal title={labels.social} onClose={onClose} closeLabel={labels.close}>
      <IslandForm onSubmit={handleSubmit(onSubmit)} noValidate className="adm-form">
        {SOCIAL_FIELDS.map((f) => (
          <Field key={f} label={f[0]!.toUpperCase() + f.slice(1)} error={errors[f]?.message}>
            {(p) => <input {...p} {...register(f)} placeholder={f === 'discord' ? 'https://discord.gg/…' : '@…'} />}
          </Field>
        ))}
        <div className="adm-actions">
          <button type="button" onClick={onClose}>{labels.cancel}</button>
          <button type="submit" className="adm-primary" disabled={isSubmitting}>{isSubmitting ? labels.saving : labels.save}</button>
        </div>
      </IslandForm>
    </Modal>
  );
}
