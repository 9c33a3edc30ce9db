/** How to reach a customer, on one line: email and phone, whichever they have. */
export const contactLine = (customer: { email?: null | string; phone?: null | string }): string =>
  [customer.email, customer.phone].filter(Boolean).join(' · ')
