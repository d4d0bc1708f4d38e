import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';

export interface PageRequest {
	page: number;
	pageSize: number;
}

export interface PagingOptions {
	pageSize: number;
	/** Stop once this many records are collected. */
	limit?: number;
	/** Field that identifies a record; a record seen on an earlier page is not returned twice. */
	idField?: string;
	/** Pages requested at the same time once page 1 has told the page count (default 1: one after another). */
	inFlight?: number;
	/** For messages: what is being listed. */
	what: string;
	itemIndex?: number;
}

/**
 * Pages past the largest pageCount the service reported before a walk that still hears hasMore is
 * called endless. Rows inserted while we read can add pages, and each answer reports the current
 * count, so a few pages of slack are plenty.
 */
export const PAGE_COUNT_MARGIN = 5;

type Page = IDataObject & { value: IDataObject[] };

const stop = (node: INode, options: PagingOptions, message: string) =>
	new NodeOperationError(node, message, {
		itemIndex: options.itemIndex,
		description:
			'The service keeps answering hasMore: true, so reading was stopped rather than looping forever. It may ignore the page parameter, or the path may not be a paged list.',
	});

/**
 * Walks `page` from 1 until the envelope says hasMore is false (spec, List conventions rule 3), or
 * the limit is reached. Records come back in the service's order. A record that moved to a later
 * page while we read (a concurrent insert shifts offsets) is returned once. A walk that never ends
 * (a page that adds no record not seen before, or more pages than the service said it has) stops
 * with an error instead of running forever.
 *
 * Page 1 tells the page count; pages 2..pageCount (no more than the limit needs) are then fetched up
 * to `inFlight` at a time, each through the transport's pacer, and read strictly in page order, so
 * order, de-duplication, the limit and the stops are exactly those of a walk one page after another.
 * If the last of them still says hasMore (the list grew meanwhile), the walk goes on one page at a time.
 */
export async function collectPages(
	node: INode,
	fetchPage: (request: PageRequest) => Promise<unknown>,
	options: PagingOptions,
): Promise<IDataObject[]> {
	const { limit, idField } = options;
	if (limit !== undefined && limit <= 0) return [];
	const pageSize = limit !== undefined && limit < options.pageSize ? limit : options.pageSize;
	const records: IDataObject[] = [];
	// Ids as they come (no key string built per record); records without one by their content.
	const seenIds = new Set<unknown>();
	const seenContent = new Set<string>();
	let pageCount = 0;

	const fetch = async (page: number): Promise<Page> => {
		const response = (await fetchPage({ page, pageSize })) as IDataObject | undefined;
		if (!Array.isArray(response?.value)) {
			throw new NodeOperationError(
				node,
				`The answer for ${options.what} is not a paged list (no "value" array)`,
				{
					itemIndex: options.itemIndex,
				},
			);
		}
		return response as Page;
	};
	/** Takes page `page`'s records; true when the walk is over (limit reached, or the last page). */
	const take = (page: number, response: Page): boolean => {
		const reported = Number(response.pageCount);
		if (Number.isInteger(reported)) pageCount = Math.max(pageCount, reported);
		let fresh = 0;
		for (const record of response.value) {
			const id = idField === undefined ? undefined : record?.[idField];
			if (id !== undefined && id !== null) {
				if (seenIds.has(id)) continue;
				seenIds.add(id);
				fresh++;
			} else {
				// Without an id a record's content stands in for it, only to tell a repeated page apart.
				const key = JSON.stringify(record);
				if (!seenContent.has(key)) fresh++;
				seenContent.add(key);
			}
			records.push(record);
			if (limit !== undefined && records.length >= limit) return true;
		}
		if (response.hasMore !== true || response.value.length === 0) return true;
		if (fresh === 0) {
			throw stop(
				node,
				options,
				`Page ${page} of ${options.what} repeated records already read and still said more pages follow`,
			);
		}
		if (pageCount > 0 && page >= pageCount + PAGE_COUNT_MARGIN) {
			throw stop(
				node,
				options,
				`Read ${page} pages of ${options.what}, which reported ${pageCount}, and it still said more pages follow`,
			);
		}
		return false;
	};

	if (take(1, await fetch(1))) return records;
	let next = 2;
	const inFlight = Math.max(1, Math.floor(options.inFlight ?? 1));
	if (inFlight > 1 && pageCount > 1) {
		const needed =
			limit === undefined ? pageCount : Math.min(pageCount, Math.ceil(limit / pageSize));
		if (await ahead(fetch, take, 2, needed, inFlight)) return records;
		next = Math.max(next, needed + 1);
	}
	for (let page = next; ; page++) {
		if (take(page, await fetch(page))) return records;
	}
}

/** How many pages past the one being read may be requested or held (memory stays a few pages). */
export const LOOKAHEAD_PER_REQUEST = 2;

/**
 * Pages `from`..`last`, handed to `take` in page order. At most `inFlight` requests are out at a time,
 * and each answer starts the next request at once (not when its turn to be read comes), so one slow
 * page does not idle the others; no page further than `inFlight` × LOOKAHEAD_PER_REQUEST past the one
 * being read is requested. True when `take` ended the walk; a failed page fails the walk (pages still
 * in flight are dropped and nothing new is started).
 */
async function ahead(
	fetch: (page: number) => Promise<Page>,
	take: (page: number, response: Page) => boolean,
	from: number,
	last: number,
	inFlight: number,
): Promise<boolean> {
	const pending = new Map<number, Promise<Page>>();
	let scheduled = from;
	let reading = from;
	let outstanding = 0;
	let over = false;
	const launch = () => {
		while (
			!over &&
			scheduled <= last &&
			outstanding < inFlight &&
			scheduled < reading + inFlight * LOOKAHEAD_PER_REQUEST
		) {
			outstanding++;
			const request = fetch(scheduled);
			const settled = () => {
				outstanding--;
				launch();
			};
			request.then(settled, settled); // read (and rethrown) in order below; never unhandled
			pending.set(scheduled++, request);
		}
	};
	try {
		for (; reading <= last; reading++) {
			launch();
			const response = await pending.get(reading)!;
			pending.delete(reading);
			if (take(reading, response)) return true;
		}
		return false;
	} finally {
		over = true;
	}
}
