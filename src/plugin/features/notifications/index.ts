// Notifications and reminders. What the shell and other features may use of it.
export { notificationHooks, sendReminders } from './notification-hooks.js'
export { notificationsSlice } from './slice.js'
