/**
 * Matches a request to a row of the endpoint table. Literal segments beat placeholders
 * (/Inventory/MaterialIn before /Inventory/{warehouseID}); segments match case-insensitively like
 * the service's routes. Rows sharing method and path (GET /Item: list or get) are told apart by their
 * required query parameters.
 */
import { ROUTES, type RouteSpec, type RouteId, type Method } from './routes';

interface Route {
	id: RouteId;
	endpoint: RouteSpec;
	segments: string[];
	literals: number;
}

export interface RouteMatch {
	id: RouteId;
	endpoint: RouteSpec;
	params: Record<string, string>;
}

const TABLE: Route[] = (Object.keys(ROUTES) as RouteId[]).map((id) => {
	const endpoint: RouteSpec = ROUTES[id];
	const segments = endpoint.path.split('/').filter(Boolean);
	return { id, endpoint, segments, literals: segments.filter((s) => !s.startsWith('{')).length };
});

const isPlaceholder = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

function bind(route: Route, parts: string[]): Record<string, string> | undefined {
	const params: Record<string, string> = {};
	for (let i = 0; i < parts.length; i++) {
		const segment = route.segments[i];
		if (isPlaceholder(segment)) params[segment.slice(1, -1)] = parts[i];
		else if (segment.toLowerCase() !== parts[i].toLowerCase()) return undefined;
	}
	return params;
}

/** `path` is relative to the API prefix, e.g. /Inventory/2. */
export function matchRoute(
	method: string,
	path: string,
	query: URLSearchParams,
): RouteMatch | undefined {
	let parts: string[];
	try {
		parts = path.split('/').filter(Boolean).map(decodeURIComponent);
	} catch {
		return undefined;
	}
	const matches = TABLE.filter(
		(r) => r.endpoint.method === (method as Method) && r.segments.length === parts.length,
	)
		.map((route) => ({ route, params: bind(route, parts) }))
		.filter((m): m is { route: Route; params: Record<string, string> } => m.params !== undefined);
	if (matches.length === 0) return undefined;
	const best = Math.max(...matches.map((m) => m.route.literals));
	const candidates = matches.filter((m) => m.route.literals === best);
	const asked = (r: Route) => (r.endpoint.query ?? []).some((f) => f.required && query.has(f.name));
	const chosen =
		candidates.find((m) => asked(m.route)) ??
		candidates.find((m) => !m.route.endpoint.query) ??
		candidates[0];
	return { id: chosen.route.id, endpoint: chosen.route.endpoint, params: chosen.params };
}
