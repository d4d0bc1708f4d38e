// The one date parser and the date input check, for the action node, the change feed and both triggers.
import { fieldError, isBlank, type HasNode } from './validation';

const STAMP =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * The one date parser. Strict ISO 8601: a date (2026-01-31), or a date-time (T or, as RFC 3339 allows, a
 * space before the time) with optional seconds, a fraction of up to 9 digits and a zone (Z, ±hh, ±hh:mm).
 * A real calendar date and clock time. **No zone means UTC**, as the service stamps and reads it (spec:
 * "UTC recommended"), never the machine's zone; a date alone is midnight UTC. Returns the instant in ms
 * and the digits past the millisecond (service stamps compare on them).
 */
export function parseStamp(value: unknown): { ms: number; subMs: string } | undefined {
	if (typeof value !== 'string') return undefined;
	const match = STAMP.exec(value.trim());
	if (!match) return undefined;
	const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone = 'Z'] = match;
	const fields = [y, mo, d, h, mi, s].map(Number);
	const local = Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5]);
	const check = new Date(local);
	if (
		check.getUTCFullYear() !== fields[0] ||
		check.getUTCMonth() !== fields[1] - 1 ||
		check.getUTCDate() !== fields[2]
	)
		return undefined;
	if (fields[3] > 23 || fields[4] > 59 || fields[5] > 59) return undefined;
	let offsetMin = 0;
	if (zone.toUpperCase() !== 'Z') {
		const [, sign, oh, om = '0'] = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone) as RegExpExecArray;
		if (Number(oh) > 23 || Number(om) > 59) return undefined;
		offsetMin = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
	}
	const digits = fraction.padEnd(9, '0');
	return { ms: local - offsetMin * 60_000 + Number(digits.slice(0, 3)), subMs: digits.slice(3) };
}

/** The instant of an ISO 8601 text (see parseStamp), or undefined. */
export function parseIsoDate(text: string): number | undefined {
	return parseStamp(text)?.ms;
}

/**
 * A date input as ISO 8601 text: text is checked and passed on as written; Date and Luxon values
 * (from expressions) are converted.
 */
export function toIsoDate(ctx: HasNode, value: unknown, field: string, itemIndex?: number): string {
	if (isBlank(value))
		throw fieldError(
			ctx,
			field,
			'is required',
			itemIndex,
			'Enter a date, e.g. 2026-01-31T00:00:00Z',
		);
	if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
	const luxon = value as { toISO?: () => string | null };
	if (typeof value === 'object' && typeof luxon.toISO === 'function') {
		const iso = luxon.toISO();
		if (iso) return iso;
	}
	const text = typeof value === 'string' ? value.trim() : '';
	if (parseIsoDate(text) === undefined) {
		throw fieldError(
			ctx,
			field,
			`must be an ISO 8601 date or date-time (got ${JSON.stringify(value)})`,
			itemIndex,
			'Use the form 2026-01-31 or 2026-01-31T08:00:00Z; a time without a zone is read as UTC',
		);
	}
	return text;
}
