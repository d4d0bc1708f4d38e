/** Items: lists, lookup by shortID or partNo, create / update / discontinue (events item.created, item.updated). */
import { conflict, notFound } from '../errors';
import type { Item } from '../records';
import type { RequestContext } from '../types';
import {
	assign,
	bodyOf,
	created,
	event,
	mustFind,
	nowIso,
	ok,
	validationError,
	type ResourceDeps,
	type ResourceModule,
} from './context';

const ITEM_FIELDS = ['description', 'category', 'subCategory', 'uOM', 'units'] as const;

export const itemIds = (item: Item) => ({ partNo: item.partNo, shortID: item.shortID });

export function items({ store, publish }: ResourceDeps): ResourceModule {
	const emit = (name: string, item: Item) => publish(event(name, item, itemIds(item), item.partNo));
	const byShortId = (shortID: string) => mustFind(store.item(shortID), `Item "${shortID}"`);

	return {
		lists: {
			// ?Category={id}: the items filed under that category or sub-category (vendor docs).
			'item.list': (ctx) => {
				const category = ctx.query.has('Category')
					? store.categories.get(Number(ctx.query.get('Category')))
					: undefined;
				const wanted = ctx.query.has('Category') ? (category?.name ?? '\u0000') : undefined;
				return {
					key: `item.list|${wanted ?? ''}`,
					idField: 'partNo',
					rows: () =>
						store.items.rows.filter(
							(i) =>
								!i.discontinued &&
								(wanted === undefined || i.category === wanted || i.subCategory === wanted),
						),
				};
			},
			'item.listAll': () => ({
				key: 'item.listAll',
				idField: 'partNo',
				rows: () => store.items.rows,
			}),
		},
		handlers: {
			// GET /Item?key=&type= (the query was validated from the table's `query` fields).
			'item.get': (ctx: RequestContext) => {
				const key = ctx.query.get('key') as string;
				if (ctx.query.get('type') === 'alias') {
					const item = store.itemByAlias(key);
					if (!item) throw notFound(`Item with alias ${key}`);
					return ok(item);
				}
				if (ctx.query.get('type') === 'partNo') {
					const item = /^\d+$/.test(key) ? store.items.get(Number(key)) : undefined;
					if (!item) throw notFound(`Item with partNo ${key}`);
					return ok(item);
				}
				return ok(byShortId(key));
			},
			'item.create': (ctx) => {
				const body = bodyOf(ctx);
				const shortID = String(body.itemID).trim();
				if (shortID === '') throw validationError('itemID', 'The itemID field is required.');
				if (store.item(shortID)) throw conflict(`An item with ID "${shortID}" already exists.`);
				const now = nowIso(ctx);
				const item: Item = {
					partNo: store.items.nextId() < 10001 ? 10001 : store.items.nextId(),
					shortID,
					description: '',
					category: '',
					subCategory: '',
					uOM: 'EA',
					units: 1,
					unitCost: 0,
					reorderPoint: 0,
					discontinued: false,
					created: now,
					modified: now,
				};
				assign(item, body, ITEM_FIELDS);
				store.addItem(item);
				store.changed();
				emit('item.created', item);
				return created(item);
			},
			'item.update': (ctx) => {
				const body = bodyOf(ctx);
				const item = byShortId(String(body.itemID));
				assign(item, body, ITEM_FIELDS);
				item.modified = nowIso(ctx);
				store.changed();
				emit('item.updated', item);
				return ok(item);
			},
			'item.discontinue': (ctx) => {
				const item = byShortId(ctx.pathParams.shortID);
				if (item.discontinued) throw conflict(`Item "${item.shortID}" is already discontinued.`);
				item.discontinued = true;
				item.modified = nowIso(ctx);
				store.changed();
				emit('item.updated', item);
				return ok(item);
			},
		},
	};
}
