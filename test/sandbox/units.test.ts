/** Unit checks of the sandbox's small parts: dates, validation, routing, the limiter, sorting. */
import { ROUTES } from '../../sandbox/routes';
import { parseIsoDate } from '../../sandbox/dates';
import { ApiError } from '../../sandbox/errors';
import { sortRows } from '../../sandbox/lists';
import { RateLimiter } from '../../sandbox/rateLimit';
import { matchRoute } from '../../sandbox/router';
import { validateBody } from '../../sandbox/validate';

describe('parseIsoDate', () => {
	it.each([
		['2025-06-01', '2025-06-01T00:00:00.000Z'],
		['2025-06-01T10:20', '2025-06-01T10:20:00.000Z'],
		['2025-06-01T10:20:30Z', '2025-06-01T10:20:30.000Z'],
		['2025-06-01T10:20:30.5+02:00', '2025-06-01T08:20:30.500Z'],
		['2025-06-01T10:20:30-0130', '2025-06-01T11:50:30.000Z'],
	])('reads %s as %s (no offset means UTC)', (text, iso) => {
		expect(new Date(parseIsoDate(text)!).toISOString()).toBe(iso);
	});

	it.each([
		'',
		'now',
		'2025-6-1',
		'2025-02-29',
		'2025-04-31T00:00:00Z',
		'2025-01-01T24:00:00Z',
		'01/06/2025',
	])('refuses %p', (text) => {
		expect(parseIsoDate(text)).toBeUndefined();
	});
});

describe('validateBody', () => {
	const fields = ROUTES['inventory.receive'].body;

	it('returns only the known fields, nulls dropped', () => {
		expect(
			validateBody(fields, { itemID: 'A', wID: 1, units: 2, serial: null, extra: 'x' }),
		).toEqual({
			itemID: 'A',
			wID: 1,
			units: 2,
		});
	});

	it('collects every problem in one validation_error', () => {
		try {
			validateBody(fields, { itemID: '', wID: 1.5, units: '3', unitCost: Infinity });
			throw new Error('expected a validation error');
		} catch (error) {
			expect(error).toBeInstanceOf(ApiError);
			expect((error as ApiError).envelope()).toEqual({
				statusCode: 400,
				error: 'validation_error',
				message: 'Model validation failed.',
				details: {
					itemID: ['The itemID field is required.'],
					wID: ['The wID field must be a whole number.'],
					units: ['The units field must be a number.'],
					unitCost: ['The unitCost field must be a number.'],
				},
			});
		}
	});

	it('checks options of integer fields by their text (payloadMode 1 or 2)', () => {
		const webhook = ROUTES['webhook.create'].body;
		const base = { name: 'n', url: 'https://x', events: 'a.b', active: true };
		expect(validateBody(webhook, { ...base, payloadMode: 2 }).payloadMode).toBe(2);
		expect(() => validateBody(webhook, { ...base, payloadMode: 3 })).toThrow(ApiError);
	});
});

describe('matchRoute', () => {
	const q = new URLSearchParams();
	it('prefers literal segments over placeholders', () => {
		expect(matchRoute('GET', '/Inventory/MaterialIn', q)?.id).toBe('inventory.materialIn');
		expect(matchRoute('GET', '/Inventory/3', q)).toMatchObject({
			id: 'inventory.listByWarehouse',
			params: { warehouseID: '3' },
		});
		expect(matchRoute('GET', '/Item/All', q)?.id).toBe('item.listAll');
		expect(matchRoute('DELETE', '/Item/All', q)).toMatchObject({
			id: 'item.discontinue',
			params: { shortID: 'All' },
		});
	});

	it('tells GET /Item list from get by the key parameter', () => {
		expect(matchRoute('GET', '/Item', q)?.id).toBe('item.list');
		expect(matchRoute('GET', '/Item', new URLSearchParams('key=A&type=id'))?.id).toBe('item.get');
	});

	it('decodes path values and refuses what it cannot match', () => {
		expect(matchRoute('DELETE', '/Item/A%2FB', q)?.params).toEqual({ shortID: 'A/B' });
		expect(matchRoute('DELETE', '/Item/%E0%A4%A', q)).toBeUndefined();
		expect(matchRoute('GET', '/Report/1/2/3', q)).toBeUndefined();
		expect(matchRoute('PATCH', '/Item', q)).toBeUndefined();
	});

	it('routes every row of the table to itself', () => {
		for (const [id, row] of Object.entries(ROUTES)) {
			const path = row.path.replace(/\{\w+\}/g, '7');
			const query = 'query' in row ? new URLSearchParams('key=A&type=id') : q;
			expect({ id, match: matchRoute(row.method, path, query)?.id }).toEqual({ id, match: id });
		}
	});
});

describe('RateLimiter', () => {
	it('frees the oldest slot 60 s after it was taken', () => {
		const limiter = new RateLimiter(2);
		expect(limiter.take('a', 0).allowed).toBe(true);
		expect(limiter.take('a', 10_000).allowed).toBe(true);
		expect(limiter.take('a', 30_000)).toEqual({ allowed: false, retryAfterSeconds: 30 });
		expect(limiter.take('a', 60_000).allowed).toBe(true);
		expect(limiter.take('b', 60_000).allowed).toBe(true);
	});
});

describe('sortRows', () => {
	it('puts nulls first ascending, compares text case-insensitively, breaks ties by id', () => {
		const rows = [
			{ id: 3, name: 'beta' },
			{ id: 1, name: null },
			{ id: 2, name: 'Alpha' },
			{ id: 0, name: 'beta' },
		];
		expect(sortRows(rows, 'name', 'ASC', 'id').map((r) => r.id)).toEqual([1, 2, 0, 3]);
		expect(sortRows(rows, 'name', 'DESC', 'id').map((r) => r.id)).toEqual([0, 3, 2, 1]);
	});
});
