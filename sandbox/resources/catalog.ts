/** Categories and reason codes: lists, delete and disable. */
import { conflict } from '../errors';
import type { RequestContext } from '../types';
import { mustFind, nowIso, ok, recordNo, type ResourceDeps, type ResourceModule } from './context';
import { filedUnder } from './lookups';

export function catalog({ store }: ResourceDeps): ResourceModule {
	const category = (ctx: RequestContext) => {
		const id = recordNo(ctx, 'categoryID', 'Category');
		return mustFind(store.categories.get(id), `Category ${id}`);
	};
	const reasonCode = (ctx: RequestContext) => {
		const id = recordNo(ctx, 'reasonCodeID', 'Reason code');
		return mustFind(store.reasonCodes.get(id), `Reason code ${id}`);
	};

	return {
		lists: {
			'category.list': () => ({
				key: 'category.list',
				idField: 'categoryID',
				rows: () => store.categories.rows.filter((c) => c.active),
			}),
			'category.listAll': () => ({
				key: 'category.listAll',
				idField: 'categoryID',
				rows: () => store.categories.rows,
			}),
			'reasonCode.list': () => ({
				key: 'reasonCode.list',
				idField: 'reasonCodeID',
				rows: () => store.reasonCodes.rows.filter((r) => r.active),
			}),
			'reasonCode.listAll': () => ({
				key: 'reasonCode.listAll',
				idField: 'reasonCodeID',
				rows: () => store.reasonCodes.rows,
			}),
		},
		handlers: {
			'category.get': (ctx) => ok(category(ctx)),
			// 409 while items or sub-categories use it; answers with the deleted record.
			'category.delete': (ctx) => {
				const found = category(ctx);
				const used = store.items.rows.filter((i) => filedUnder(i, found.categoryID)).length;
				if (used > 0) throw conflict(`Category "${found.name}" is used by ${used} items.`);
				if (store.categories.rows.some((c) => c.parentID === found.categoryID)) {
					throw conflict(`Category "${found.name}" has sub-categories.`);
				}
				store.categories.remove(found.categoryID);
				store.changed();
				return ok(found);
			},
			'category.disable': (ctx) => {
				const found = category(ctx);
				if (!found.active) throw conflict(`Category "${found.name}" is already disabled.`);
				found.active = false;
				found.modified = nowIso(ctx);
				store.changed();
				return ok(found);
			},
			// Movements keep the code as text, so a reason code can always be deleted.
			'reasonCode.delete': (ctx) => {
				const found = reasonCode(ctx);
				store.reasonCodes.remove(found.reasonCodeID);
				store.changed();
				return ok(found);
			},
			'reasonCode.disable': (ctx) => {
				const found = reasonCode(ctx);
				if (!found.active) throw conflict(`Reason code "${found.code}" is already disabled.`);
				found.active = false;
				found.modified = nowIso(ctx);
				store.changed();
				return ok(found);
			},
		},
	};
}
