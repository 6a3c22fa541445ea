// Card form (seed 001 §5): number spaces stripped and cut to 19, expiry MM/YY split into exp_month/exp_year,
// validation messages, installments offered only when the method allows them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import CardForm from '../../islands/checkout/CardForm.tsx';
import { cleanCardNumber, installmentOptions, splitExpiry, validateCard } from '../../islands/checkout/card.ts';
import { t } from './checkout-texts.ts';

afterEach(cleanup);

describe('card rules', () => {
  it('strips spaces and cuts the number to 19 digits', () => {
    expect(cleanCardNumber('4242 4242 4242 4242')).toBe('4242424242424242');
    expect(cleanCardNumber('4242 4242 4242 4242 1234 5678')).toBe('4242424242424242123');
  });
  it('splits MM/YY into exp_month and exp_year', () => {
    expect(splitExpiry('07/29')).toEqual({ exp_month: 7, exp_year: 2029 });
    expect(splitExpiry('0729')).toEqual({ exp_month: 7, exp_year: 2029 });
    expect(splitExpiry('12/2031')).toEqual({ exp_month: 12, exp_year: 2031 });
    expect(splitExpiry('13/29')).toBeNull();
    expect(splitExpiry('ab')).toBeNull();
  });
  it('validates name, number, cvc and a past expiry', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    const r = validateCard({ name: '', number: '1234', cvc: '1', exp: '01/20' }, now);
    expect(Object.keys(r.errors).sort()).toEqual(['cvc', 'exp', 'name', 'number']);
    expect(r.body).toBeNull();
    expect(validateCard({ name: 'Rosa', number: '4242 4242 4242 4242', cvc: '123', exp: '12/30' }, now).body)
      .toEqual({ name: 'Rosa', number: '4242424242424242', cvc: '123', exp_month: 12, exp_year: 2030 });
  });
  it('offers 3/6/9/12 installments only for credit cards', () => {
    expect(installmentOptions('credit')).toEqual([3, 6, 9, 12]);
    expect(installmentOptions('debit')).toEqual([]);
  });
});

describe('CardForm', () => {
  it('formats as typed and submits the split expiry with the chosen installments', () => {
    const onSubmit = vi.fn();
    render(<CardForm t={t} installments={[3, 6, 9, 12]} busy={false} submitLabel="Pagar" onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Nombre en la tarjeta'), { target: { value: 'Rosa Martínez' } });
    fireEvent.change(screen.getByLabelText('Número de tarjeta'), { target: { value: '4000 0000 0000 3220' } });
    expect((screen.getByLabelText('Número de tarjeta') as HTMLInputElement).value).toBe('4000000000003220');
    fireEvent.change(screen.getByLabelText('Vencimiento (MM/AA)'), { target: { value: '1230' } });
    expect((screen.getByLabelText('Vencimiento (MM/AA)') as HTMLInputElement).value).toBe('12/30');
    fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText(/Meses sin intereses/), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Rosa Martínez', number: '4000000000003220', cvc: '123', exp_month: 12, exp_year: 2030, msi: 6 });
  });
  it('shows the errors and does not submit an invalid card; no installments select without installments', () => {
    const onSubmit = vi.fn();
    render(<CardForm t={t} installments={[]} busy={false} submitLabel="Pagar" onSubmit={onSubmit} />);
    expect(screen.queryByLabelText(/Meses sin intereses/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByRole('alert').length).toBe(4);
  });
});
