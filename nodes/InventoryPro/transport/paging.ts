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
	const seen = new Set<string>();
	let pageCount = 0;

	for (let page = 1; ; page++) {
		const response = (await fetchPage({ page, pageSize })) as IDataObject | undefined;
		const value = response?.value;
		if (!Array.isArray(value)) {
			throw new NodeOperationError(node, `The answer for ${options.what} is not a paged list (no "value" array)`, {
				itemIndex: options.itemIndex,
			});
		}
		const reported = Number(response?.pageCount);
		if (Number.isInteger(reported)) pageCount = Math.max(pageCount, reported);
		let fresh = 0;
		for (const record of value as IDataObject[]) {
			const id = idField === undefined ? undefined : record?.[idField];
			if (id !== undefined && id !== null) {
				const key = `id:${String(id)}`;
				if (seen.has(key)) continue;
				seen.add(key);
				fresh++;
			} else {
				// Without an id a record's content stands in for it, only to tell a repeated page apart.
				const key = `json:${JSON.stringify(record)}`;
				if (!seen.has(key)) fresh++;
				seen.add(key);
			}
			records.push(record);
			if (limit !== undefined && records.length >= limit) return records;
		}
		if (response?.hasMore !== true || value.length === 0) return records;
		if (fresh === 0) {
			throw stop(node, options, `Page ${page} of ${options.what} repeated records already read and still said more pages follow`);
		}
		if (pageCount > 0 && page >= pageCount + PAGE_COUNT_MARGIN) {
			throw stop(node, options, `Read ${page} pages of ${options.what}, which reported ${pageCount}, and it still said more pages follow`);
		}
	}
}
