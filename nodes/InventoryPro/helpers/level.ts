/**
 * "A count is compared with what is on hand, never with a guess": the on-hand level of one item at one
 * spot of a warehouse, from the documented lot list, GET /Inventory/{wid} (one row per received lot,
 * `units` in it, `shipped` null while it is in stock; vendor docs). No documented read filters lots by
 * item or spot, so the caller reads the list sorted by partNo, ascending (`lotPage`): a whole number, which
 * no collation can order differently. Page 1 tells the page count, each probe halves the pages that can
 * hold the item, then its rows are read page by page: about 2 + log2(pages) requests for a warehouse of
 * any size. A page that does not come sorted stops the read with an error instead of a level that may be
 * wrong.
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { walkPages } from '../../shared/transport/paging';
import { textOf } from '../../shared/validation';
import { allowing } from '../../shared/transport/status';

export interface Spot {
	/** The item's partNo: what the lot list is sorted and searched by. */
	partNo: number;
	wID: number;
	/** Compared without regard to case, as the service matches spot codes (sandbox; assumed). */
	spot: string;
}

export interface Level {
	/** Units on hand: the sum over the item's lots at the spot that are still in stock. */
	units: number;
	/** How many such lots. */
	lots: number;
	/** List requests the read took. */
	requests: number;
}

interface Page {
	rows: IDataObject[];
	pageCount: number;
	/** The answer as the service sent it, for the walk that reads on from here. */
	response: IDataObject;
}

const partNoOf = (row: IDataObject) => Number(row.partNo);
/** Vendor docs: a lot's `shipped` is null while it is still in stock. */
export const inStock = (row: IDataObject) => row.shipped === null || row.shipped === undefined;
/** Sums of decimal quantities without float dust (0.1 + 0.2). */
export const roundUnits = (units: number) => Math.round(units * 1e6) / 1e6;

/** The lot list's sort, which the search relies on: by partNo, ascending. */
export const LOTS_BY_PART_NO = { sort: 'partNo', direction: 'ASC' } as const;

export async function levelAtSpot(
	ctx: IExecuteFunctions,
	itemIndex: number,
	at: Spot,
	/** Page `page` of the warehouse's lots, sorted as LOTS_BY_PART_NO says. */
	lotPage: (page: number) => Promise<unknown>,
): Promise<Level> {
	const what = `the lots of warehouse ${at.wID}`;
	const spot = at.spot.trim().toLowerCase();
	const atSpot = (row: IDataObject) =>
		textOf(row.spot ?? '')
			.trim()
			.toLowerCase() === spot;
	const pages = new Map<number, Page>();
	let requests = 0;

	const raw = async (page: number): Promise<unknown> => {
		requests++;
		const answer = await allowing(400, lotPage(page));
		if (answer.ok) return answer.value;
		throw new NodeOperationError(
			ctx.getNode(),
			`Reading ${what} sorted by partNo was refused: ${(answer.error as Error).message}`,
			{
				itemIndex,
				description:
					'Set Counted Quantity finds the item among the lots by their partNo. Use Inventory › Get Many to read the lots, then Issue or Receive the difference.',
			},
		);
	};
	/** One page (read once), checked to be a sorted page of lots. */
	const read = async (page: number): Promise<Page> => {
		const known = pages.get(page);
		if (known) return known;
		const response = (await raw(page)) as IDataObject | undefined;
		const rows = response?.value;
		if (!response || !Array.isArray(rows))
			throw new NodeOperationError(ctx.getNode(), `The answer for ${what} is not a paged list`, {
				itemIndex,
			});
		sorted(ctx, itemIndex, what, rows as IDataObject[]);
		const result = {
			rows: rows as IDataObject[],
			pageCount: Number(response.pageCount) || 1,
			response,
		};
		pages.set(page, result);
		return result;
	};
	const lastPartNo = (page: Page) =>
		page.rows.length === 0 ? Infinity : partNoOf(page.rows[page.rows.length - 1]);

	// The first page whose last row reaches the item's partNo: where its lots begin.
	const first = await read(1);
	let low = 1;
	if (lastPartNo(first) < at.partNo && first.response.hasMore === true) {
		low = 2;
		let high = Math.max(2, first.pageCount);
		while (low < high) {
			const middle = Math.floor((low + high) / 2);
			if (lastPartNo(await read(middle)) >= at.partNo) high = middle;
			else low = middle + 1;
		}
	}

	let units = 0;
	let lots = 0;
	const fetchPage = async (page: number) => (await read(page)).response;
	walk: for await (const { rows } of walkPages(ctx.getNode(), fetchPage, {
		what,
		idField: 'recNo',
		itemIndex,
		first: low,
	})) {
		for (const row of rows) {
			const partNo = partNoOf(row);
			if (partNo > at.partNo) break walk;
			if (partNo === at.partNo && inStock(row) && atSpot(row)) {
				units += Number(row.units) || 0;
				lots++;
			}
		}
	}
	return { units: roundUnits(units), lots, requests };
}

/** Rows of one page in ascending partNo order, or an error: an unsorted list cannot be searched. */
function sorted(
	ctx: IExecuteFunctions,
	itemIndex: number,
	what: string,
	rows: IDataObject[],
): void {
	for (let i = 1; i < rows.length; i++) {
		if (!(partNoOf(rows[i - 1]) <= partNoOf(rows[i])))
			throw new NodeOperationError(ctx.getNode(), `${what} did not come sorted by partNo`, {
				itemIndex,
				description:
					'Set Counted Quantity asked for the lots sorted by partNo (ascending) to find the item, and the service answered in another order, so no level was read and nothing was written.',
			});
	}
}
