/** Customers and vendors: one documented shape, two tables, keyed by shortID (409 on a duplicate). */
import type { RouteId } from '../routes';
import { conflict } from '../errors';
import type { Party } from '../records';
import type { Table } from '../store';
import type { Handler, RequestContext } from '../types';
import { textOf, type Body } from '../validate';
import {
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

const PARTY_FIELDS = [
	'name',
	'address1',
	'address2',
	'city',
	'state',
	'zip',
	'country',
	'phone',
	'fax',
	'email',
	'contact',
	'active',
];

interface PartyKind {
	resource: 'customer' | 'vendor';
	noun: string;
	table: Table<Party>;
}

function checkBody(body: Body): void {
	if (typeof body.country === 'string' && body.country !== '' && !/^[A-Z]{2}$/.test(body.country)) {
		throw validationError(
			'country',
			'The country field must be an ISO 3166 alpha-2 code, e.g. US.',
		);
	}
	if (typeof body.name === 'string' && body.name.trim() === '')
		throw validationError('name', 'The name field is required.');
}

function partyModule(deps: ResourceDeps, kind: PartyKind): ResourceModule {
	const { store } = deps;
	const { resource, noun, table } = kind;
	const find = (ctx: RequestContext) => {
		const shortID = ctx.pathParams.shortID ?? '';
		return mustFind(table.get(shortID), `${noun} ${shortID}`);
	};

	const handlers: Record<string, Handler> = {
		[`${resource}.get`]: (ctx) => ok(find(ctx)),
		[`${resource}.create`]: (ctx) => {
			const body = bodyOf(ctx);
			checkBody(body);
			const shortID = textOf(body.shortID ?? '').trim();
			if (shortID === '') throw validationError('shortID', 'The shortID field is required.');
			if (table.get(shortID)) throw conflict(`Duplicate ShortID "${shortID}".`);
			const now = nowIso(ctx);
			const row: Party = {
				shortID,
				name: '',
				address1: null,
				address2: null,
				city: null,
				state: null,
				zip: null,
				country: null,
				phone: null,
				fax: null,
				email: null,
				contact: null,
				active: true,
				created: now,
				modified: now,
			};
			assign(row, body, PARTY_FIELDS);
			table.insert(row);
			store.changed();
			return created(row);
		},
		[`${resource}.update`]: (ctx) => {
			const body = bodyOf(ctx);
			checkBody(body);
			const row = find(ctx);
			assign(row, body, PARTY_FIELDS);
			row.modified = nowIso(ctx);
			store.changed();
			return ok(row);
		},
	};

	return {
		handlers,
		lists: {
			[`${resource}.list` as RouteId]: () => ({
				key: `${resource}.list`,
				idField: 'shortID',
				rows: () => table.rows.filter((r) => r.active),
			}),
			[`${resource}.listAll` as RouteId]: () => ({
				key: `${resource}.listAll`,
				idField: 'shortID',
				rows: () => table.rows,
			}),
		},
	};
}

export const customers = (deps: ResourceDeps) =>
	partyModule(deps, { resource: 'customer', noun: 'Customer', table: deps.store.customers });

export const vendors = (deps: ResourceDeps) =>
	partyModule(deps, { resource: 'vendor', noun: 'Vendor', table: deps.store.vendors });
