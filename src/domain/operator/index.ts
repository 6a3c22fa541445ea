// The operator area's public API (other areas import it from here).
export { AUDIT_PAGE_SIZE, auditLog, recordAction, requireOperator } from './service.ts';
