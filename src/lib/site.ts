/** Facts about the nursery that pages and e-mails show. */
export const SITE = {
  supportPhone: '1-800-555-0123',
  supportEmail: 'info@northfield-nurseries.example',
  foundedYear: 1921,
} as const;
