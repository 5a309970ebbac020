/** The download periods every registry is asked for, and how many days each counts (the last day included). */
export const PERIODS = ['last-day', 'last-week', 'last-month'] as const;
export type Period = (typeof PERIODS)[number];

export const PERIOD_DAYS: Readonly<Record<Period, number>> = { 'last-day': 1, 'last-week': 7, 'last-month': 30 };

/** `YYYY-MM-DD` of the day `days` before `day`. */
export function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}
