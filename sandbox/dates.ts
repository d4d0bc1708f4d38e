/**
 * ISO 8601 parsing for query parameters and body fields. A value without an offset is taken as UTC
 * (the spec recommends UTC); a date alone means its midnight UTC.
 */
const ISO =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Milliseconds since the epoch, or undefined when the text is not an ISO 8601 date or date-time. */
export function parseIsoDate(text: string): number | undefined {
	const match = ISO.exec(text.trim());
	if (!match) return undefined;
	const [, year, month, day, hour, minute, second, zone] = match;
	if (Number(hour ?? 0) > 23 || Number(minute ?? 0) > 59 || Number(second ?? 0) > 59)
		return undefined;
	const normalized =
		hour === undefined
			? `${year}-${month}-${day}T00:00:00Z`
			: zone
				? text.trim()
				: `${text.trim()}Z`;
	const ms = Date.parse(normalized.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
	if (Number.isNaN(ms)) return undefined;
	// Date.parse rolls 2025-02-30 over to March; the calendar date must exist.
	const check = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
	if (check.getUTCMonth() !== Number(month) - 1 || check.getUTCDate() !== Number(day))
		return undefined;
	return ms;
}

/** True when the text names a whole day (no time part). */
export const isDateOnly = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text.trim());

export const toIso = (ms: number) => new Date(ms).toISOString();
