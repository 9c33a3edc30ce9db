import { adminSettings } from '../../../../src/plugin/shared/admin/settings.js'
import { resolveOptions } from '../../../../src/plugin/resolve-options.js'

/**
 * The admin settings of a site in owner mode: admins see everything, staff and assistants the
 * practitioner resources they own (staff privileged, assistants not).
 */
export const ownerModeSettings = adminSettings(
  resolveOptions({
    resourceOwnerMode: { adminRoles: ['admin'] },
    roles: { privileged: ['admin', 'staff'] },
    staffProvisioning: { resourceType: 'practitioner', staffRoles: ['staff', 'assistant'] },
    resourceTypes: ['practitioner'],
  }),
)
