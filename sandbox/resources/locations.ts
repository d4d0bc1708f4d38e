/**
 * Locations (spots): list (optionally one warehouse, `wid`), one by spot, hold and release by
 * `?id={spot}` answering 204 (vendor docs). Stock cannot enter or leave a held spot (409).
 */
import { conflict } from '../errors';
import type { RequestContext } from '../types';
import {
	assertWarehouseScope,
	mustFind,
	nowIso,
	ok,
	type ResourceDeps,
	type ResourceModule,
} from './context';

export function locations({ store }: ResourceDeps): ResourceModule {
	const bySpot = (ctx: RequestContext, spot: string) => {
		const found = mustFind(store.locations.get(spot), `Location ${spot}`);
		assertWarehouseScope(ctx.client, found.warehouseID);
		return found;
	};
	const setHold = (hold: boolean) => (ctx: RequestContext) => {
		const found = bySpot(ctx, ctx.query.get('id') ?? '');
		if (found.hold === hold)
			throw conflict(`Location "${found.spot}" is ${hold ? 'already' : 'not'} on hold.`);
		found.hold = hold;
		found.modified = nowIso(ctx);
		store.changed();
		return { status: 204 as const, body: undefined };
	};

	return {
		lists: {
			'location.list': (ctx) => {
				const wid = ctx.query.has('wid') ? Number(ctx.query.get('wid')) : undefined;
				return {
					key: `location.list|${wid ?? ''}`,
					idField: 'spot',
					rows: () =>
						wid === undefined
							? store.locations.rows
							: store.locations.rows.filter((l) => l.warehouseID === wid),
				};
			},
		},
		handlers: {
			'location.get': (ctx) =>
				ok(
					mustFind(
						store.locations.get(ctx.pathParams.spot ?? ''),
						`Location ${ctx.pathParams.spot}`,
					),
				),
			'location.hold': setHold(true),
			'location.release': setHold(false),
		},
	};
}
