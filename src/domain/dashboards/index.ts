// The dashboards area's public face (issue 25).
export { shopDashboard, supplierDashboard, walletHistory, SHOP_DASHBOARD_READERS } from './service.ts';
export { dashboardQuery, type DashboardQuery } from './schema.ts';
