/** Customers and vendors: one shape, two tables. Codes are unique when given (409 on a duplicate). */
import type { RouteId } from '../routes';
import { conflict } from '../errors';
import type { Customer, Vendor } from '../records';
import type { Table } from '../store';
import type { Handler } from '../types';
import { textOf, type Body } from '../validate';
import {
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

const PARTY_FIELDS = ['name', 'email', 'phone', 'address', 'city', 'postalCode', 'country', 'active'];

interface PartyKind<T> {
	resource: 'customer' | 'vendor';
	noun: string;
	idField: string;
	codeField: string;
	table: Table<T & object>;
}

function checkBody(body: Body): void {
	if (typeof body.country === 'string' && body.country !== '' && !/^[A-Z]{2}$/.test(body.country)) {
		throw validationError('country', 'The country field must be an ISO 3166 alpha-2 code, e.g. US.');
	}
	if (typeof body.name === 'string' && body.name.trim() === '') throw validationError('name', 'The name field is required.');
}

function partyModule<T extends Customer | Vendor>(deps: ResourceDeps, kind: PartyKind<T>): ResourceModule {
	const { store } = deps;
	const { resource, noun, idField, codeField, table } = kind;
	const record = (row: T) => row as unknown as Record<string, unknown>;
	const fields = [...PARTY_FIELDS, codeField];

	const assertCodeFree = (code: unknown, self?: T) => {
		if (typeof code !== 'string' || code === '') return;
		const taken = table.rows.find((r) => r !== self && textOf(record(r)[codeField] ?? '').toLowerCase() === code.toLowerCase());
		if (taken) throw conflict(`${noun} code "${code}" is already in use.`);
	};
	const find = (ctx: Parameters<typeof recordNo>[0]) => {
		const id = recordNo(ctx, idField, noun);
		return mustFind(table.get(id), `${noun} ${id}`);
	};

	const handlers: Record<string, Handler> = {
		[`${resource}.get`]: (ctx) => ok(find(ctx)),
		[`${resource}.create`]: (ctx) => {
			const body = bodyOf(ctx);
			checkBody(body);
			assertCodeFree(body[codeField]);
			const now = nowIso(ctx);
			const row = {
				[idField]: table.nextId(),
				[codeField]: null,
				name: '',
				email: null,
				phone: null,
				address: null,
				city: null,
				postalCode: null,
				country: null,
				active: true,
				created: now,
				modified: now,
			} as unknown as T;
			assign(row, body, fields);
			table.insert(row);
			store.changed();
			return created(row);
		},
		[`${resource}.update`]: (ctx) => {
			const body = bodyOf(ctx);
			checkBody(body);
			const row = find(ctx);
			assertCodeFree(body[codeField], row);
			assign(row, body, fields);
			row.modified = nowIso(ctx);
			store.changed();
			return ok(row);
		},
	};

	return {
		handlers,
		lists: {
			[`${resource}.list` as RouteId]: () => ({ key: `${resource}.list`, idField, rows: () => table.rows.filter((r) => r.active) }),
			[`${resource}.listAll` as RouteId]: () => ({ key: `${resource}.listAll`, idField, rows: () => table.rows }),
		},
	};
}

export const customers = (deps: ResourceDeps) =>
	partyModule<Customer>(deps, {
		resource: 'customer',
		noun: 'Customer',
		idField: 'customerID',
		codeField: 'customerCode',
		table: deps.store.customers,
	});

export const vendors = (deps: ResourceDeps) =>
	partyModule<Vendor>(deps, {
		resource: 'vendor',
		noun: 'Vendor',
		idField: 'vendorID',
		codeField: 'vendorCode',
		table: deps.store.vendors,
	});
