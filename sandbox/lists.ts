/**
 * List conventions (spec, List conventions): page / pageSize / sort / direction / modifiedSince, and
 * startDate / endDate on orders; the paged envelope and its X- headers.
 *
 * Choices where the spec is silent: an empty parameter counts as absent; unknown parameters are ignored;
 * sort columns match case-insensitively; ties are broken by the record id so pages never overlap;
 * startDate/endDate filter on orderDate (work orders: startDate / dueDate, vendor docs) and an endDate without a time
 * covers that whole day (UTC).
 */
import type { ListSpec } from './routes';
import { isDateOnly, parseIsoDate, toIso } from './dates';
import { badRequest } from './errors';
import { textOf } from './validate';

export interface ListQuery {
	page: number;
	pageSize: number;
	sort?: string;
	direction: 'ASC' | 'DESC';
	/** ISO strings, compared as text with the records' ISO stamps. */
	modifiedSince?: string;
	startDate?: string;
	endDate?: string;
}

export interface Page<T> {
	value: T[];
	totalCount: number;
	page: number;
	pageSize: number;
	pageCount: number;
	hasMore: boolean;
}

export const INVALID_SORT = 'Invalid sort column or direction.';
export const MODIFIED_SINCE_UNSUPPORTED = 'modifiedSince is not supported on this endpoint.';
const DAY = 86_400_000;

function param(query: URLSearchParams, name: string): string | undefined {
	const value = query.get(name);
	return value === null || value.trim() === '' ? undefined : value.trim();
}

function positiveInt(query: URLSearchParams, name: string): number | undefined {
	const raw = param(query, name);
	if (raw === undefined) return undefined;
	if (!/^\d+$/.test(raw) || Number(raw) < 1) {
		throw badRequest(`The ${name} parameter must be a whole number of 1 or more.`);
	}
	return Number(raw);
}

function dateParam(query: URLSearchParams, name: string, endOfDay = false): string | undefined {
	const raw = param(query, name);
	if (raw === undefined) return undefined;
	const ms = parseIsoDate(raw);
	if (ms === undefined)
		throw badRequest(`The ${name} parameter must be an ISO 8601 date or date-time.`);
	return toIso(endOfDay && isDateOnly(raw) ? ms + DAY - 1 : ms);
}

export function parseListQuery(
	spec: ListSpec,
	query: URLSearchParams,
	defaultPageSize: number,
): ListQuery {
	const page = positiveInt(query, 'page') ?? 1;
	const pageSize = Math.min(positiveInt(query, 'pageSize') ?? defaultPageSize, spec.maxPageSize);
	const rawDirection = param(query, 'direction');
	if (rawDirection !== undefined && !/^(asc|desc)$/i.test(rawDirection))
		throw badRequest(INVALID_SORT);
	const sort = param(query, 'sort');
	const asked = rawDirection?.toUpperCase() as 'ASC' | 'DESC' | undefined;
	const result: ListQuery = {
		page,
		pageSize,
		sort,
		// ASC unless asked (spec); with neither sort nor direction, the list's own order (lots: newest first).
		direction: asked ?? (sort === undefined ? spec.defaultDirection : undefined) ?? 'ASC',
	};
	if (
		spec.modifiedSince === 'rejected' &&
		query.has('modifiedSince') &&
		param(query, 'modifiedSince') !== undefined
	) {
		throw badRequest(MODIFIED_SINCE_UNSUPPORTED);
	}
	if (spec.modifiedSince === 'supported' || spec.modifiedSince === 'headerOnly') {
		result.modifiedSince = dateParam(query, 'modifiedSince');
	}
	if (spec.orderDates) {
		result.startDate = dateParam(query, 'startDate');
		result.endDate = dateParam(query, 'endDate', true);
	}
	return result;
}

/** The column to sort by: the requested one (case-insensitive) if the endpoint allows it, else the default. */
export function resolveSort(
	columns: readonly string[],
	requested: string | undefined,
	fallback: string,
): string {
	if (requested === undefined) return fallback;
	const column = columns.find((c) => c.toLowerCase() === requested.toLowerCase());
	if (!column) throw badRequest(INVALID_SORT);
	return column;
}

type Key = number | string | null;

function keyOf(value: unknown): Key {
	if (value === undefined || value === null) return null;
	if (typeof value === 'number') return value;
	if (typeof value === 'boolean') return value ? 1 : 0;
	return textOf(value).toLowerCase();
}

function compareKeys(a: Key, b: Key): number {
	if (a === b) return 0;
	if (a === null) return -1;
	if (b === null) return 1;
	if (typeof a === 'number' && typeof b === 'number') return a - b;
	const x = String(a);
	const y = String(b);
	return x < y ? -1 : x > y ? 1 : 0;
}

/** A sorted copy; nulls first ascending, ties by the id column ascending (stable pages). */
export function sortRows<T extends object>(
	rows: readonly T[],
	column: string,
	direction: 'ASC' | 'DESC',
	idField: string,
): T[] {
	const sign = direction === 'DESC' ? -1 : 1;
	const keyed = rows.map((row, index) => ({
		row,
		index,
		key: keyOf((row as Record<string, unknown>)[column]),
		id: keyOf((row as Record<string, unknown>)[idField]),
	}));
	keyed.sort(
		(a, b) => sign * compareKeys(a.key, b.key) || compareKeys(a.id, b.id) || a.index - b.index,
	);
	return keyed.map((k) => k.row);
}

/** Equal sort keys in a random order: what a database without a tie-break may answer. */
export function shuffleTies<T extends object>(
	rows: readonly T[],
	column: string,
	random: { next(): number },
): T[] {
	const result = [...rows];
	for (let start = 0; start < result.length;) {
		const key = keyOf((result[start] as Record<string, unknown>)[column]);
		let end = start + 1;
		while (
			end < result.length &&
			compareKeys(keyOf((result[end] as Record<string, unknown>)[column]), key) === 0
		)
			end++;
		for (let i = end - 1; i > start; i--) {
			const j = start + Math.floor(random.next() * (i - start + 1));
			[result[i], result[j]] = [result[j], result[i]];
		}
		start = end;
	}
	return result;
}

/** A row's stamps without their zone letter (for the zone-less fault). */
export function withoutZones<T extends object>(row: T): T {
	const copy = { ...row } as Record<string, unknown>;
	for (const field of ['created', 'modified']) {
		const value = copy[field];
		if (typeof value === 'string') copy[field] = value.replace(/Z$/, '');
	}
	return copy as T;
}

/** Which fields startDate / endDate compare: the order date; work orders their start and due dates (vendor docs). */
export interface DateFields {
	start: string;
	end: string;
}
export const ORDER_DATES: DateFields = { start: 'orderDate', end: 'orderDate' };

/** modifiedSince and the order dates; `modified` on orders is the header's own stamp. */
export function filterRows<T extends object>(
	rows: readonly T[],
	query: ListQuery,
	dates = ORDER_DATES,
): readonly T[] {
	const { modifiedSince, startDate, endDate } = query;
	if (modifiedSince === undefined && startDate === undefined && endDate === undefined) return rows;
	return rows.filter((row) => {
		const record = row as Record<string, unknown>;
		if (modifiedSince !== undefined && !(String(record.modified) >= modifiedSince)) return false;
		if (startDate !== undefined && !(String(record[dates.start]) >= startDate)) return false;
		if (endDate !== undefined && !(String(record[dates.end]) <= endDate)) return false;
		return true;
	});
}

export function pageOf<T>(
	rows: readonly T[],
	query: Pick<ListQuery, 'page' | 'pageSize'>,
): Page<T> {
	const { page, pageSize } = query;
	const totalCount = rows.length;
	const start = (page - 1) * pageSize;
	return {
		value: rows.slice(start, start + pageSize),
		totalCount,
		page,
		pageSize,
		pageCount: Math.ceil(totalCount / pageSize),
		hasMore: start + pageSize < totalCount,
	};
}

export function isPage(body: unknown): body is Page<unknown> {
	const page = body as Page<unknown> | null;
	return (
		typeof page === 'object' &&
		page !== null &&
		Array.isArray(page.value) &&
		typeof page.totalCount === 'number'
	);
}

/** Spec, List conventions rule 2 (X-API-Version is on every response anyway). */
export function pagingHeaders(page: Page<unknown>): Record<string, string> {
	return {
		'X-Total-Count': String(page.totalCount),
		'X-Page-Size': String(page.pageSize),
		'X-Page': String(page.page),
	};
}

/** Sorted views of list sources, kept until the store changes. */
export class SortCache {
	private readonly entries = new Map<string, { version: number; rows: readonly object[] }>();

	get<T extends object>(key: string, version: number, compute: () => T[]): readonly T[] {
		const hit = this.entries.get(key);
		if (hit && hit.version === version) return hit.rows as T[];
		if (this.entries.size > 200) this.entries.clear();
		const rows = compute();
		this.entries.set(key, { version, rows });
		return rows;
	}
}
