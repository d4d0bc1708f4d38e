/** Assets and asset types. Assets are keyed by shortID, unique (409 "Duplicate ShortID"). */
import { conflict } from '../errors';
import type { Asset } from '../records';
import type { RequestContext } from '../types';
import { textOf, type Body } from '../validate';
import {
	assertWarehouseScope,
	assign,
	bodyOf,
	created,
	mustFind,
	nowIso,
	ok,
	validationError,
	type ResourceDeps,
	type ResourceModule,
} from './context';
import { findWarehouse } from './lookups';

const ASSET_FIELDS = ['description', 'location', 'serial', 'status'];

export function assets({ store }: ResourceDeps): ResourceModule {
	const find = (ctx: RequestContext) => {
		const shortID = ctx.pathParams.shortID ?? '';
		return mustFind(store.assets.get(shortID), `Asset ${shortID}`);
	};
	/** Checks references; fills the names the record carries beside the ids it was sent. */
	const apply = (asset: Asset, body: Body) => {
		if (body.warehouse !== undefined) {
			const warehouse = findWarehouse(store, body.warehouse as number);
			asset.warehouse = warehouse.warehouseID;
			asset.warehouseName = warehouse.name;
		}
		if (body.assetType !== undefined) {
			const type = mustFind(
				store.assetTypes.get(body.assetType as number),
				`Asset type ${textOf(body.assetType)}`,
			);
			asset.assetType = type.typeID;
			asset.assetTypeName = type.name;
		}
		assign(asset, body, ASSET_FIELDS);
	};
	const stamp = (asset: Asset, now: string) => {
		asset.modified = now;
		asset.discontinued = asset.status === 'Discontinued' ? (asset.discontinued ?? now) : null;
	};

	return {
		lists: {
			'asset.list': () => ({
				key: 'asset.list',
				idField: 'shortID',
				rows: () => store.assets.rows.filter((a) => a.status === 'Active'),
			}),
			'asset.listAll': () => ({
				key: 'asset.listAll',
				idField: 'shortID',
				rows: () => store.assets.rows,
			}),
			'asset.types': () => ({
				key: 'asset.types',
				idField: 'typeID',
				rows: () => store.assetTypes.rows,
			}),
		},
		handlers: {
			'asset.get': (ctx) => ok(find(ctx)),
			'asset.create': (ctx) => {
				const body = bodyOf(ctx);
				const shortID = textOf(body.shortID ?? '').trim();
				if (shortID === '') throw validationError('shortID', 'The shortID field is required.');
				if (store.assets.get(shortID)) throw conflict(`Duplicate ShortID "${shortID}".`);
				// Without a warehouse the asset goes to the client's first authorized one (assumed default).
				const warehouse = findWarehouse(
					store,
					(body.warehouse as number | undefined) ?? ctx.client.warehouses?.[0] ?? 1,
				);
				const now = nowIso(ctx);
				const asset: Asset = {
					shortID,
					description: '',
					assetType: null,
					assetTypeName: null,
					serial: null,
					warehouse: warehouse.warehouseID,
					warehouseName: warehouse.name,
					location: null,
					status: 'Active',
					created: now,
					modified: now,
					discontinued: null,
				};
				apply(asset, body);
				stamp(asset, now);
				store.assets.insert(asset);
				store.changed();
				return created(asset);
			},
			'asset.update': (ctx) => {
				const body = bodyOf(ctx);
				const asset = find(ctx);
				assertWarehouseScope(ctx.client, asset.warehouse);
				apply(asset, body);
				stamp(asset, nowIso(ctx));
				store.changed();
				return ok(asset);
			},
		},
	};
}
