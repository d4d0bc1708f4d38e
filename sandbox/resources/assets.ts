/** Assets and asset types. Asset tags are unique regardless of case (409). */
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
	recordNo,
	validationError,
	type ResourceDeps,
	type ResourceModule,
} from './context';
import { findWarehouse } from './lookups';

const ASSET_FIELDS = ['assetTag', 'description', 'location', 'serialNo', 'status'];

export function assets({ store }: ResourceDeps): ResourceModule {
	const find = (ctx: RequestContext) => {
		const id = recordNo(ctx, 'assetID', 'Asset');
		return mustFind(store.assets.get(id), `Asset ${id}`);
	};
	/** Checks references and uniqueness; returns the asset type's name when typeID is sent. */
	const check = (body: Body, self?: Asset) => {
		if (typeof body.assetTag === 'string') {
			const tag = body.assetTag.trim().toLowerCase();
			if (tag === '') throw validationError('assetTag', 'The assetTag field is required.');
			if (store.assets.rows.some((a) => a !== self && a.assetTag.toLowerCase() === tag)) {
				throw conflict(`Asset tag "${body.assetTag}" is already in use.`);
			}
		}
		if (body.warehouseID !== undefined) findWarehouse(store, body.warehouseID as number);
		if (body.typeID === undefined) return undefined;
		return mustFind(store.assetTypes.get(body.typeID as number), `Asset type ${textOf(body.typeID)}`).name;
	};

	return {
		lists: {
			'asset.list': () => ({ key: 'asset.list', idField: 'assetID', rows: () => store.assets.rows.filter((a) => a.status !== 'Retired') }),
			'asset.listAll': () => ({ key: 'asset.listAll', idField: 'assetID', rows: () => store.assets.rows }),
			'asset.types': () => ({ key: 'asset.types', idField: 'typeID', rows: () => store.assetTypes.rows }),
		},
		handlers: {
			'asset.get': (ctx) => ok(find(ctx)),
			'asset.create': (ctx) => {
				const body = bodyOf(ctx);
				const typeName = check(body);
				const now = nowIso(ctx);
				const asset: Asset = {
					assetID: store.assets.nextId(),
					assetTag: '',
					description: '',
					typeID: (body.typeID as number | undefined) ?? null,
					typeName: typeName ?? null,
					// Without a warehouse the asset goes to the client's first authorized one (assumed default).
					warehouseID: (body.warehouseID as number | undefined) ?? ctx.client.warehouses?.[0] ?? 1,
					location: null,
					serialNo: null,
					status: 'In Service',
					created: now,
					modified: now,
				};
				assign(asset, body, ASSET_FIELDS);
				store.assets.insert(asset);
				store.changed();
				return created(asset);
			},
			'asset.update': (ctx) => {
				const body = bodyOf(ctx);
				const asset = find(ctx);
				assertWarehouseScope(ctx.client, asset.warehouseID);
				const typeName = check(body, asset);
				assign(asset, body, [...ASSET_FIELDS, 'warehouseID', 'typeID']);
				if (typeName !== undefined) asset.typeName = typeName;
				asset.modified = nowIso(ctx);
				store.changed();
				return ok(asset);
			},
		},
	};
}
