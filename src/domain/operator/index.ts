// The operator area's public API (other areas import it from here).
export {
  AUDIT_PAGE_SIZE, auditLog, changeUserLevel, listShops, listSuppliers, listUsers, recordAction, requireOperator, setShopDisabled,
  setSupplierSuspended, userDetail,
} from './service.ts';
export { DIRECTORY_PAGE_SIZE, USER_LEVELS, pageNumber, searchTerm, type UserLevel } from './rules.ts';
export { suspensionInput, userLevelInput } from './schema.ts';
