// Social links (seed 000 §5): discord must be a valid URL; the rest free text; empty -> null.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { AdminApi } from './api.ts';
import { defaultLabels, type AdminLabels } from './labels.ts';
import { ERROR_TOAST_MS, Field, Modal, useToasts } from './ui.tsx';
import IslandForm from '../shared/form.tsx';

export const SOCIAL_FIELDS = ['facebook', 'instagram', 'twitter', 'youtube', 'twitch', 'kick', 'discord'] as const;
type Social = Record<(typeof SOCIAL_FIELDS)[number], string>;
const isUrl = (v: string) => { try { const u = new URL(v); return /^https?:$/.test(u.protocol) && !!u.hostname; } catch { return false; } };

export default function SocialModal({ api, socials, labels = defaultLabels, onClose, onSaved }: {
  api: AdminApi; socials: Partial<Record<string, string | null>>; labels?: AdminLabels; onClose: () => void; onSaved: () => void;
}) {
  const { push } = useToasts();
  const schema = z.object(Object.fromEntries(SOCIAL_FIELDS.map((f) => [f, f === 'discord'
    ? z.string().trim().refine((v) => v === '' || isUrl(v), labels.invalidUrl)
    : z.string().trim().max(300)])) as unknown as Record<keyof Social, z.ZodType<string>>);
  const { register, handleSubmit, formState: { errors, isSubmitting } } = useForm<Social>({
    resolver: zodResolver(schema) as never, defaultValues: Object.fromEntries(SOCIAL_FIELDS.map((f) => [f, socials[f] ?? ''])) as Social,
  });
  const onSubmit = async (v: Social) => {
    try {
      await api.patchStore(Object.fromEntries(SOCIAL_FIELDS.map((f) => [f, v[f].trim() || null])));
      onSaved();
    } catch {
      push({ kind: 'error', title: labels.errorTitle, message: labels.genericError, ms: ERROR_TOAST_MS });
    }
  };
  return (
    <Modal title={labels.social} onClose={onClose} closeLabel={labels.close}>
      <IslandForm onSubmit={handleSubmit(onSubmit)} noValidate className="adm-form">
        {SOCIAL_FIELDS.map((f) => (
          <Field key={f} label={f[0]!.toUpperCase() + f.slice(1)} error={errors[f]?.message}>
            {(p) => <input {...p} {...register(f)} placeholder={f === 'discord' ? 'https://discord.gg/…' : ''} />}
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
