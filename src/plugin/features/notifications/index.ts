// Notifications and reminders. What the shell and other features may use of it.
export { notificationHooks } from './notification-hooks.js'
export { notificationsSlice } from './slice.js'
export { startReminders } from './start-reminders.js'
