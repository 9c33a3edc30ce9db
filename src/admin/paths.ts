/** The admin page of the availability overview, below the admin route. */
export const AVAILABILITY_VIEW_PATH = '/reservation-availability'
