import { describe, expect, it } from 'vitest';
import { courierOf, isSandboxCourier, nextSandboxStep, orderEffect, sandboxStepDue } from '../../src/domain/shipping/rules.ts';

describe('shipment tracking rules', () => {
  it('names the courier of courier deliveries only', () => {
    expect(courierOf({ courier: 'rapida', rate_id: 'rapida.express.A.0' }, 'shipping')).toBe('rapida');
    expect(courierOf({ agency_id: 'economica.B.2', name: 'Agencia' }, 'to_branch')).toBe('economica');
    expect(courierOf({ label: 'fixed_delivery' }, 'fixed_delivery')).toBe('own');
    expect(courierOf(null, 'shipping')).toBe('own');
    expect(isSandboxCourier('economica')).toBe(true);
    expect(isSandboxCourier('own')).toBe(false);
  });
  it('walks the sandbox path one step at a time and stops at the end or on trouble', () => {
    expect(nextSandboxStep([])?.status).toBe('label_created');
    expect(nextSandboxStep(['label_created'])).toMatchObject({ status: 'picked_up', location: expect.any(String) });
    expect(nextSandboxStep(['label_created', 'picked_up', 'in_transit'])?.status).toBe('out_for_delivery');
    expect(nextSandboxStep(['label_created', 'in_transit'])?.status).toBe('out_for_delivery');
    expect(nextSandboxStep(['label_created', 'picked_up', 'in_transit', 'out_for_delivery'])?.status).toBe('delivered');
    expect(nextSandboxStep(['label_created', 'delivered'])).toBeNull();
    expect(nextSandboxStep(['label_created', 'exception'])).toBeNull();
  });
  it('is due one step after the last event', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(sandboxStepDue(null, now, 60_000)).toBe(true);
    expect(sandboxStepDue(new Date('2026-11-24T11:59:30Z'), now, 60_000)).toBe(false);
    expect(sandboxStepDue(new Date('2026-11-24T11:59:00Z'), now, 60_000)).toBe(true);
  });
  it('delivers only an order that is ready to deliver', () => {
    expect(orderEffect('delivered', 'ready_to_deliver')).toBe('deliver');
    expect(orderEffect('delivered', 'delivered')).toBeNull();
    expect(orderEffect('in_transit', 'ready_to_deliver')).toBeNull();
  });
});
