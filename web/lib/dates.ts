// Buddhist-era dates throughout the UI (console.md §9).
const dmy = new Intl.DateTimeFormat('th-TH-u-ca-buddhist', { day: 'numeric', month: 'numeric', year: 'numeric' });
const long = new Intl.DateTimeFormat('th-TH-u-ca-buddhist', { day: 'numeric', month: 'long', year: 'numeric' });
const withTime = new Intl.DateTimeFormat('th-TH-u-ca-buddhist', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

const toDate = (v: string | number | Date) => (v instanceof Date ? v : new Date(v));

/** day/month/Buddhist-era year, e.g. 22/11/2569 */
export function formatDateBE(v: string | number | Date): string {
  return dmy.format(toDate(v));
}
export function formatLongDateBE(v: string | number | Date): string {
  return long.format(toDate(v));
}
export function formatDateTimeBE(v: string | number | Date): string {
  return withTime.format(toDate(v));
}
