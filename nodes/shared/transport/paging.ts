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
	/**
	 * Asked once page 1 said more pages follow, with the page count it reported and its rows: false stops
	 * the walk there (page 1's records are returned), for a caller that reads a list only when that is
	 * cheaper than what it would do instead.
	 */
	readOn?: (pageCount: number, firstRows: IDataObject[]) => boolean;
}

/**
 * Pages past the largest pageCount the service reported before a walk that still hears hasMore is
 * called endless. Rows inserted while we read can add pages, and each answer reports the current
 * count, so a few pages of slack are plenty.
 */
export const PAGE_COUNT_MARGIN = 5;

type Page = IDataObject & { value: IDataObject[] };

interface Walk {
	/** For messages: what is being listed. */
	what: string;
	/** Field that identifies a record; a record seen on an earlier page of the walk is not new. */
	idField?: string;
	itemIndex?: number;
}

/** The answer as a page, or an error naming the list when it has no "value" array. */
function asPage(node: INode, walk: Walk, response: unknown): Page {
	if (!Array.isArray((response as IDataObject | undefined)?.value)) {
		throw new NodeOperationError(
			node,
			`The answer for ${walk.what} is not a paged list (no "value" array)`,
			{ itemIndex: walk.itemIndex },
		);
	}
	return response as Page;
}

/**
 * What one walk has seen, and the one stop rule every paging loop shares: a list that says more pages
 * follow must still move — a page that adds no record not seen before, or PAGE_COUNT_MARGIN pages past
 * the largest pageCount it reported, ends the walk with an error instead of reading forever.
 */
export class PageTracker {
	// Ids as they come (no key string built per record); records without one by their content.
	private readonly ids = new Set<unknown>();
	private readonly contents = new Set<string>();
	private pageCount = 0;
	private fresh = 0;

	constructor(
		private readonly node: INode,
		private readonly walk: Walk,
	) {}

	/** Starts reading a page: notes the page count it reports. */
	open(response: Page): void {
		const reported = Number(response.pageCount);
		if (Number.isInteger(reported)) this.pageCount = Math.max(this.pageCount, reported);
		this.fresh = 0;
	}

	/**
	 * Whether `record` is new in this walk. A record with an id seen before is not; one without an id is
	 * always kept, its content only tells a repeated page apart.
	 */
	isNew(record: IDataObject): boolean {
		const id = this.walk.idField === undefined ? undefined : record?.[this.walk.idField];
		if (id !== undefined && id !== null) {
			if (this.ids.has(id)) return false;
			this.ids.add(id);
			this.fresh++;
			return true;
		}
		const key = JSON.stringify(record);
		if (!this.contents.has(key)) this.fresh++;
		this.contents.add(key);
		return true;
	}

	/** After page `page` said more pages follow: throws unless the walk still moves. */
	checkMoving(page: number): void {
		const { what } = this.walk;
		if (this.fresh === 0) {
			throw stop(
				this.node,
				this.walk,
				`Page ${page} of ${what} repeated records already read and still said more pages follow`,
			);
		}
		if (this.pageCount > 0 && page >= this.pageCount + PAGE_COUNT_MARGIN) {
			throw stop(
				this.node,
				this.walk,
				`Read ${page} pages of ${what}, which reported ${this.pageCount}, and it still said more pages follow`,
			);
		}
	}

	/** The largest page count the service reported so far (0 before any). */
	get reportedPages(): number {
		return this.pageCount;
	}
}

export interface WalkedPage {
	page: number;
	/** Every row of the page as the service sent it. */
	rows: IDataObject[];
	/** The page says more follow (and was not empty). */
	hasMore: boolean;
}

/**
 * The paging loop of walks that read as they go (the delivery log, record pickers, ties at the newest
 * stamp): pages `first`, `first + 1`, … one after another until the service says no more follow or the
 * caller stops reading, under PageTracker's stop rule. Exports use collectPages (pages in flight).
 */
export async function* walkPages(
	node: INode,
	fetchPage: (page: number) => Promise<unknown>,
	walk: Walk & { first?: number },
): AsyncGenerator<WalkedPage> {
	const tracker = new PageTracker(node, walk);
	for (let page = walk.first ?? 1; ; page++) {
		const response = asPage(node, walk, await fetchPage(page));
		tracker.open(response);
		for (const row of response.value) tracker.isNew(row);
		const hasMore = response.hasMore === true && response.value.length > 0;
		yield { page, rows: response.value, hasMore };
		if (!hasMore) return;
		tracker.checkMoving(page);
	}
}

const stop = (node: INode, options: { itemIndex?: number }, message: string) =>
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
	const { limit } = options;
	if (limit !== undefined && limit <= 0) return [];
	const pageSize = limit !== undefined && limit < options.pageSize ? limit : options.pageSize;
	const records: IDataObject[] = [];
	const tracker = new PageTracker(node, options);

	const fetch = async (page: number): Promise<Page> =>
		asPage(node, options, await fetchPage({ page, pageSize }));
	/** Takes page `page`'s records; true when the walk is over (limit reached, or the last page). */
	const take = (page: number, response: Page): boolean => {
		tracker.open(response);
		for (const record of response.value) {
			if (!tracker.isNew(record)) continue;
			records.push(record);
			if (limit !== undefined && records.length >= limit) return true;
		}
		if (response.hasMore !== true || response.value.length === 0) return true;
		tracker.checkMoving(page);
		return false;
	};

	const first = await fetch(1);
	if (take(1, first)) return records;
	if (options.readOn && !options.readOn(Math.max(2, tracker.reportedPages), first.value))
		return records;
	let next = 2;
	const inFlight = Math.max(1, Math.floor(options.inFlight ?? 1));
	const pageCount = tracker.reportedPages;
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
