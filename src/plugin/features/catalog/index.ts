// Services, resources, schedules and customers. What the shell and other features may use of it.
export { customerSearchParameters } from './customer-search-endpoint.js'
export { injectCustomerFields } from './customers-collection.js'
export { withDeleteGuard } from './hooks/refuse-delete-while-referenced.js'
export { withRoleField } from './staff-role-field.js'
export { catalogSlice } from './slice.js'
