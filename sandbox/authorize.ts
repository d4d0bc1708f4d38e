/**
 * Authorization from the endpoint table (spec, Authorization). The order of checks for one request:
 *
 *   1. 401 token missing, invalid or expired (auth.ts)
 *   2. 429 rate limit (rateLimit.ts)
 *   3. 404 no endpoint for method and path
 *   4. injected faults (failNext)
 *   5. 403 "Account is read-only." on any POST, PUT or DELETE of a read-only account. Checked before the
 *      Security ID so a read-only account hears why, even though it lacks the write IDs too.
 *   6. 403 "Insufficient permissions." without the row's Security ID; "Report access denied." for a
 *      report the client's group may not run (before knowing whether the report exists)
 *   7. 501 endpoint switched off (`disabledEndpoints`) or not served
 *   8. 400 query parameters (bad_request) and body (validation_error)
 *   9. 403 "Warehouse is outside the client's authorized scope." for the body's warehouse fields
 *  10. in the handler: 404 for the path record or a referenced record, then 403 scope of the path
 *      record's warehouse (location, purchase/shipping order, asset), then 409 state conflicts
 */
import type { RouteSpec } from './routes';
import { forbidden, FORBIDDEN } from './errors';
import { assertWarehouseScope } from './resources/context';
import { canRun } from './resources/reports';
import type { ClientConfig } from './types';
import type { Body } from './validate';

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE']);

export function assertWritable(client: ClientConfig, method: string): void {
	if (client.readOnly && WRITE_METHODS.has(method)) throw forbidden(FORBIDDEN.readOnly);
}

export function assertPermission(
	client: ClientConfig,
	endpoint: RouteSpec,
	params: Record<string, string>,
): void {
	const { permission } = endpoint;
	if (typeof permission === 'number' && !client.securityIds.includes(permission)) {
		throw forbidden(FORBIDDEN.permission);
	}
	if (
		permission === 'report' &&
		params.reportID !== undefined &&
		!canRun(client.reports, Number(params.reportID))
	) {
		throw forbidden(FORBIDDEN.report);
	}
}

/** Warehouses named in the body (the row's warehouseFields); path records are checked by their handlers. */
export function assertBodyScope(client: ClientConfig, endpoint: RouteSpec, body: unknown): void {
	for (const field of endpoint.warehouseFields ?? []) {
		const value = (body as Body | undefined)?.[field];
		if (typeof value === 'number') assertWarehouseScope(client, value);
	}
}
