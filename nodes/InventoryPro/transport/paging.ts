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
 * Walks `page` from 1 until the envelope says hasMore is false (spec, List conventions rule 3), or
 * the limit is reached. Records come back in the service's order. A record that moved to a later
 * page while we read (a concurrent insert shifts offsets) is returned once.
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

	for (let page = 1; ; page++) {
		const response = (await fetchPage({ page, pageSize })) as IDataObject | undefined;
		const value = response?.value;
		if (!Array.isArray(value)) {
			throw new NodeOperationError(node, `The answer for ${options.what} is not a paged list (no "value" array)`, {
				itemIndex: options.itemIndex,
			});
		}
		for (const record of value as IDataObject[]) {
			const id = idField === undefined ? undefined : record?.[idField];
			if (id !== undefined && id !== null) {
				const key = String(id);
				if (seen.has(key)) continue;
				seen.add(key);
			}
			records.push(record);
			if (limit !== undefined && records.length >= limit) return records;
		}
		if (response?.hasMore !== true || value.length === 0) return records;
	}
}
