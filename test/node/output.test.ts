/** How records become n8n items: spreadsheet-flat report rows, one item per array element. */
import { flatten, toRecords } from '../../nodes/InventoryPro/helpers/output';

describe('flatten', () => {
	it('turns nested objects into dotted keys and arrays into JSON text', () => {
		expect(
			flatten({
				poNo: 5001,
				vendor: { id: 3, address: { city: 'Berlin' } },
				tags: ['a', 'b'],
				shipped: null,
				total: 12.5,
			}),
		).toEqual({
			poNo: 5001,
			'vendor.id': 3,
			'vendor.address.city': 'Berlin',
			tags: '["a","b"]',
			shipped: null,
			total: 12.5,
		});
	});

	it('leaves a flat row as it is, keys in order', () => {
		const row = { partNo: 1, shortID: 'A', quantity: 2 };
		expect(Object.keys(flatten(row))).toEqual(['partNo', 'shortID', 'quantity']);
	});
});

describe('toRecords', () => {
	it('gives one record per element, an object as one record, and a success flag for an empty answer', () => {
		expect(toRecords([{ a: 1 }, { a: 2 }])).toEqual([{ a: 1 }, { a: 2 }]);
		expect(toRecords([1, 'x'])).toEqual([{ value: 1 }, { value: 'x' }]);
		expect(toRecords({ rec: 4 })).toEqual([{ rec: 4 }]);
		expect(toRecords('')).toEqual([{ success: true }]);
		expect(toRecords(undefined)).toEqual([{ success: true }]);
	});
});
