/* eslint-disable @n8n/community-nodes/no-restricted-globals --
	test code: runs on Node under jest and never ships (package.json "files": ["dist"]) */
/**
 * collectPages with pages in flight: page 1 tells the page count, further pages are requested up to
 * `inFlight` at a time and read in page order. Pages answer out of order here (each after its own
 * number of event-loop turns), so order, de-duplication, the limit and the stops are checked against
 * a walk that is really concurrent.
 */
import type { IDataObject, INode } from 'n8n-workflow';

import { collectPages, PAGE_COUNT_MARGIN, walkPages } from '../../nodes/shared/transport/paging';

const node: INode = {
	id: 'n1',
	name: 'Inventory Pro',
	type: 'n8n-nodes-inventory-pro.inventoryPro',
	typeVersion: 2,
	position: [0, 0],
	parameters: {},
};

const turns = async (n: number) => {
	for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** A list served from `pages` (ids per page); `delay(page)` event-loop turns before each answer. */
function service(
	pages: number[][],
	options: { delay?: (page: number) => number; pageCount?: number | null; fail?: number } = {},
) {
	const calls: number[] = [];
	let inFlight = 0;
	let maxInFlight = 0;
	const fetch = async ({ page }: { page: number; pageSize: number }): Promise<IDataObject> => {
		calls.push(page);
		inFlight++;
		maxInFlight = Math.max(maxInFlight, inFlight);
		await turns(options.delay?.(page) ?? 1);
		inFlight--;
		if (page === options.fail) throw new Error(`page ${page} failed`);
		const value = (pages[page - 1] ?? []).map((id) => ({ id }));
		const envelope: IDataObject = { value, page, hasMore: page < pages.length };
		if (options.pageCount !== null) envelope.pageCount = options.pageCount ?? pages.length;
		return envelope;
	};
	return {
		fetch,
		calls,
		get maxInFlight() {
			return maxInFlight;
		},
	};
}

const ids = (records: IDataObject[]) => records.map((record) => record.id);
const range = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, i) => from + i);
/** 12 pages of 3: 1..36. */
const twelve = Array.from({ length: 12 }, (_, p) => range(3 * p + 1, 3 * p + 3));
/** Later pages answer first. */
const reversed = (page: number) => 30 - 2 * page;

describe('collectPages with pages in flight', () => {
	test('every page once, in page order, at most 4 (and really 4) requested at a time', async () => {
		const api = service(twelve, { delay: reversed });
		const records = await collectPages(node, api.fetch, {
			pageSize: 3,
			inFlight: 4,
			idField: 'id',
			what: '/X',
		});
		expect(ids(records)).toEqual(range(1, 36));
		expect([...api.calls].sort((a, b) => a - b)).toEqual(range(1, 12));
		expect(api.calls[0]).toBe(1);
		expect(api.maxInFlight).toBe(4);
	});

	test('an answer starts the next request at once: a slow page 2 holds up no other, and the look-ahead is bounded', async () => {
		const pages = Array.from({ length: 30 }, (_, p) => range(3 * p + 1, 3 * p + 3));
		let page2Answered = false;
		const before: number[] = [];
		const api = service(pages, { delay: (page) => (page === 2 ? 200 : 2) });
		const fetch = async (request: { page: number; pageSize: number }) => {
			if (!page2Answered) before.push(request.page);
			const answer = await api.fetch(request);
			if (request.page === 2) page2Answered = true;
			return answer;
		};
		expect(
			ids(await collectPages(node, fetch, { pageSize: 3, inFlight: 4, idField: 'id', what: '/X' })),
		).toEqual(range(1, 90));
		// While page 2 is out, the other three slots keep going, up to 2 × 4 pages past page 2 (2..9).
		expect(before).toEqual(range(1, 9));
		expect(api.maxInFlight).toBe(4);
	});

	test.each([
		['inFlight 1', 1, undefined],
		['no page count in the answer', 4, null],
	])('%s: one page after another', async (_, inFlight, pageCount) => {
		const api = service(twelve, { delay: reversed, pageCount });
		expect(ids(await collectPages(node, api.fetch, { pageSize: 3, inFlight, what: '/X' }))).toEqual(
			range(1, 36),
		);
		expect(api.calls).toEqual(range(1, 12));
		expect(api.maxInFlight).toBe(1);
	});

	test('a record repeated across a page boundary is returned once, as in a walk one page after another', async () => {
		const shifted = [
			[1, 2, 3],
			[3, 4, 5],
			[5, 6, 7],
			[8, 9, 10],
		];
		const api = service(shifted, { delay: reversed });
		expect(
			ids(
				await collectPages(node, api.fetch, {
					pageSize: 3,
					inFlight: 4,
					idField: 'id',
					what: '/X',
				}),
			),
		).toEqual(range(1, 10));
	});

	test('the limit asks only for the pages it needs', async () => {
		const api = service(twelve, { delay: reversed });
		expect(
			ids(await collectPages(node, api.fetch, { pageSize: 3, limit: 10, inFlight: 4, what: '/X' })),
		).toEqual(range(1, 10));
		expect([...api.calls].sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
	});

	test('a list that grew while we read: the walk goes on past the first page count, one page at a time', async () => {
		const grown = [...twelve, [37, 38], [39]];
		const api = service(grown, { delay: reversed, pageCount: 12 });
		expect(
			ids(
				await collectPages(node, api.fetch, {
					pageSize: 3,
					inFlight: 4,
					idField: 'id',
					what: '/X',
				}),
			),
		).toEqual(range(1, 39));
		expect(api.calls.slice(-2)).toEqual([13, 14]);
	});

	test('a list that shrank: the first page saying hasMore false ends it', async () => {
		const api = service(twelve.slice(0, 5), { delay: reversed, pageCount: 12 });
		expect(
			ids(await collectPages(node, api.fetch, { pageSize: 3, inFlight: 4, what: '/X' })),
		).toEqual(range(1, 15));
	});

	test('a failed page fails the walk with its own error, and nothing is left unhandled', async () => {
		const unhandled: unknown[] = [];
		const onUnhandled = (reason: unknown) => unhandled.push(reason);
		process.on('unhandledRejection', onUnhandled);
		try {
			const api = service(twelve, { delay: reversed, fail: 7 });
			await expect(
				collectPages(node, api.fetch, { pageSize: 3, inFlight: 4, what: '/X' }),
			).rejects.toThrow('page 7 failed');
			await turns(50);
			expect(unhandled).toEqual([]);
		} finally {
			process.off('unhandledRejection', onUnhandled);
		}
	});
});

describe('walkPages: the loop of walks that read as they go (delivery log, pickers, ties)', () => {
	const walk = { what: 'the test list', idField: 'id' };
	const read = async (answer: (page: number) => Promise<unknown>, first = 1) => {
		const seen: number[] = [];
		// A walk that does not stop would starve the event loop (and jest's timeout): fail it by count instead.
		const fetchPage = async (page: number) => {
			if (page > 50) throw new Error('the walk did not stop');
			return await answer(page);
		};
		for await (const { page } of walkPages(node, fetchPage, { ...walk, first })) seen.push(page);
		return seen;
	};

	test('reads from `first` until a page says no more follow', async () => {
		const pages = [[1, 2], [3, 4], [5]];
		const answer = async (page: number) => ({
			value: (pages[page - 1] ?? []).map((id) => ({ id })),
			hasMore: page < pages.length,
		});
		expect(await read(answer)).toEqual([1, 2, 3]);
		expect(await read(answer, 2)).toEqual([2, 3]);
	});

	test('a service that ignores the page parameter is stopped, not read forever', async () => {
		const samePage = async () => ({ value: [{ id: 1 }, { id: 2 }], hasMore: true });
		await expect(read(samePage)).rejects.toThrow(
			'Page 2 of the test list repeated records already read and still said more pages follow',
		);
	});

	test('new records forever past the reported page count are stopped too', async () => {
		let next = 0;
		const fresh = async () => ({ value: [{ id: ++next }], hasMore: true, pageCount: 3 });
		await expect(read(fresh)).rejects.toThrow(
			`Read ${3 + PAGE_COUNT_MARGIN} pages of the test list, which reported 3, and it still said more pages follow`,
		);
	});

	test('an answer without a value array names the list', async () => {
		await expect(read(async () => ({ items: [] }))).rejects.toThrow(
			'The answer for the test list is not a paged list (no "value" array)',
		);
	});
});
