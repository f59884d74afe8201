/**
 * A North American number as 999-999-9999, from what people type: "(905) 555-0199",
 * "905.555.0199", "+1 905 555 0199". Null when it is not one.
 */
export function normalizePhone(value: string): string | null {
  let digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  if (/[^\d\s().+-]/.test(value)) return null;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}
