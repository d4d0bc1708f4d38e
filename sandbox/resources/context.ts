/** What every resource module gets and gives: shared helpers for handlers and list sources. */
import type { RouteId } from '../routes';
import type { Clock } from '../clock';
import type { DateFields } from '../lists';
import { toIso } from '../dates';
import { ApiError, forbidden, FORBIDDEN, notFound, VALIDATION_FAILED } from '../errors';
import type { Inventions } from '../inventions';
import type { Store } from '../store';
import type { ClientConfig, DomainEvent, Handler, HandlerResult, RequestContext } from '../types';
import type { Body } from '../validate';

export interface ResourceDeps {
	store: Store;
	clock: Clock;
	publish(event: DomainEvent): void;
	/** Read at each request: tests switch them at run time. */
	inventions: Readonly<Inventions>;
}

/** The unsorted rows a list endpoint pages through; the server sorts, filters and pages them. */
export interface ListSource {
	/** Cache key of these rows (endpoint plus path values); sorted views are reused until the store changes. */
	key: string;
	rows(): readonly object[];
	/** Tie-breaker for stable ordering. */
	idField: string;
	/** The fields startDate / endDate compare, when not the order date. */
	dates?: DateFields;
	/** Sort columns when the table says 'reportColumns'. */
	columns?: readonly string[];
	/** How a row is served, when not as stored (applied to the page's rows only). */
	present?: (row: object) => object;
}

export type ListSourceFn = (ctx: RequestContext) => ListSource;

export interface ResourceModule {
	handlers?: Partial<Record<RouteId, Handler>>;
	lists?: Partial<Record<RouteId, ListSourceFn>>;
}

export const nowIso = (ctx: RequestContext) => toIso(ctx.now);
export const bodyOf = (ctx: RequestContext) => (ctx.body ?? {}) as Body;
export const created = (body: unknown): HandlerResult => ({ status: 201, body });
export const ok = (body: unknown): HandlerResult => ({ status: 200, body });

/** A numeric path value (record number); anything else names no record, so 404. */
export function recordNo(ctx: RequestContext, name: string, what: string): number {
	const raw = ctx.pathParams[name];
	if (!/^\d+$/.test(raw ?? '')) throw notFound(`${what} ${raw}`);
	return Number(raw);
}

/** Looks a record up by its path number, or 404 naming it. */
export function mustFind<T>(row: T | undefined, what: string): T {
	if (row === undefined) throw notFound(what);
	return row;
}

/** Writes touching a warehouse outside the client's list get 403 (spec, Authorization). */
export function assertWarehouseScope(client: ClientConfig, warehouseID: number): void {
	if (client.warehouses !== undefined && !client.warehouses.includes(warehouseID)) {
		throw forbidden(FORBIDDEN.warehouse);
	}
}

export function event(
	name: string,
	data: object,
	ids: Record<string, unknown>,
	recNo: number,
): DomainEvent {
	// A snapshot: deliveries happen later, after further writes may have changed the record.
	return {
		event: name,
		data: structuredClone(data) as Record<string, unknown>,
		ids,
		reference: `RecNo:${recNo}`,
	};
}

/** Copies the sent fields onto a record (an update changes only what was sent). */
export function assign<T extends object>(record: T, body: Body, fields: readonly string[]): void {
	for (const field of fields) {
		if (field in body) (record as Record<string, unknown>)[field] = body[field];
	}
}

export const validationError = (field: string, message: string) =>
	new ApiError('validation_error', VALIDATION_FAILED, { [field]: [message] });
