/** Items: lists, lookup by shortID or partNo, create / update / discontinue (events item.created, item.updated). */
import { conflict, notFound } from '../errors';
import type { Item } from '../records';
import type { RequestContext } from '../types';
import type { Body } from '../validate';
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
import { activeCategory, filedUnder } from './lookups';

/** The documented item fields a write may set (items page); the routes also take the quickstart's names. */
const ITEM_FIELDS = [
	'description',
	'category',
	'subCategory',
	'uOM',
	'putUp',
	'units',
	'dfltOwner',
] as const;

export const itemIds = (item: Item) => ({ partNo: item.partNo, shortID: item.shortID });

export function items({ store, publish }: ResourceDeps): ResourceModule {
	const emit = (name: string, item: Item) => publish(event(name, item, itemIds(item), item.partNo));
	const byShortId = (shortID: string) => mustFind(store.item(shortID), `Item "${shortID}"`);
	/** References a write names must exist before anything changes: categories by id (404, 409 disabled). */
	const checkReferences = (body: Body) => {
		for (const field of ['category', 'subCategory'] as const)
			if (field in body) activeCategory(store, body[field] as number);
		if ((body.dfltOwner as number) < 0)
			throw validationError(
				'dfltOwner',
				'The dfltOwner field must be 0 (own stock) or a customer id.',
			);
	};

	return {
		lists: {
			// ?Category={id}: the items filed under that category or sub-category (vendor docs).
			'item.list': (ctx) => {
				const raw = ctx.query.get('Category')?.trim() || undefined;
				// Not a whole number names no category: an empty list, as for an unknown id.
				const wanted = raw === undefined ? undefined : /^\d+$/.test(raw) ? Number(raw) : -1;
				return {
					key: `item.list|${wanted ?? ''}`,
					idField: 'partNo',
					rows: () =>
						store.items.rows.filter(
							(i) => !i.discontinued && (wanted === undefined || filedUnder(i, wanted)),
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
				checkReferences(body);
				const now = nowIso(ctx);
				const item: Item = {
					partNo: store.items.nextId() < 10001 ? 10001 : store.items.nextId(),
					shortID,
					description: '',
					category: 0,
					subCategory: 0,
					uOM: 'EA',
					putUp: '',
					units: 1,
					dfltOwner: 0,
					created: now,
					modified: now,
					discontinued: false,
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
				checkReferences(body);
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
