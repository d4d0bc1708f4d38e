/** Locations (bins): list, hold and release. Stock cannot enter or leave a held location (409). */
import { conflict } from '../errors';
import type { RequestContext } from '../types';
import { assertWarehouseScope, bodyOf, mustFind, nowIso, ok, recordNo, type ResourceDeps, type ResourceModule } from './context';

export function locations({ store }: ResourceDeps): ResourceModule {
	/** The location named in the path; writes to it are scoped by its warehouse. */
	const location = (ctx: RequestContext) => {
		const id = recordNo(ctx, 'locationID', 'Location');
		const found = mustFind(store.locations.get(id), `Location ${id}`);
		assertWarehouseScope(ctx.client, found.warehouseID);
		return found;
	};

	return {
		lists: {
			'location.list': () => ({ key: 'location.list', idField: 'locationID', rows: () => store.locations.rows }),
		},
		handlers: {
			'location.hold': (ctx) => {
				const found = location(ctx);
				if (found.onHold) throw conflict(`Location "${found.code}" in warehouse ${found.warehouseID} is already on hold.`);
				found.onHold = true;
				found.holdReason = (bodyOf(ctx).reason as string | undefined) ?? null;
				found.modified = nowIso(ctx);
				store.changed();
				return ok(found);
			},
			'location.release': (ctx) => {
				const found = location(ctx);
				if (!found.onHold) throw conflict(`Location "${found.code}" in warehouse ${found.warehouseID} is not on hold.`);
				found.onHold = false;
				found.holdReason = null;
				found.modified = nowIso(ctx);
				store.changed();
				return ok(found);
			},
		},
	};
}
