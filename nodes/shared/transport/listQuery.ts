import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';

import { endpoint, type EndpointId } from '../endpoints';
import { fieldError, isBlank, textOf } from '../validation';
import { parseIsoDate, toIsoDate } from '../dates';

/** A date filter as ISO 8601 text, by the one date parser; Date and Luxon values (expressions) converted. */
const isoDate = (node: INode, field: string, value: unknown, itemIndex: number) =>
	toIsoDate({ getNode: () => node }, value, field, itemIndex);

/**
 * The list filters of one request, checked against the endpoint's row of the table before anything
 * is sent (spec, List conventions): one sort column name (the service judges which it has), ASC/DESC in any case,
 * modifiedSince only where the service honours it, startDate/endDate only on orders. Other keys pass
 * through unchanged; empty values are dropped.
 */
export function listQuery(
	node: INode,
	id: EndpointId,
	filters: IDataObject,
	itemIndex: number,
): IDataObject {
	const row = endpoint(id);
	const spec = row.list;
	if (!spec)
		throw new NodeOperationError(node, `${row.method} ${row.path} is not a list`, { itemIndex });
	const ctx = { getNode: () => node };
	const query: IDataObject = {};

	for (const [field, value] of Object.entries(filters)) {
		if (isBlank(value)) continue;
		switch (field) {
			case 'sort': {
				// The service judges sort columns per list (spec); any column name is sent, its 400 is mapped.
				const text = textOf(value).trim();
				if (/[\s\p{Cc}]/u.test(text)) {
					throw fieldError(
						ctx,
						'sort',
						`must be one column name, got "${text}"`,
						itemIndex,
						'Enter one column name, such as shortID',
					);
				}
				query.sort =
					spec.sort === 'reportColumns'
						? text
						: (spec.sort.find((name) => name.toLowerCase() === text.toLowerCase()) ?? text);
				break;
			}
			case 'direction': {
				const text = textOf(value).trim().toUpperCase();
				if (text !== 'ASC' && text !== 'DESC') {
					throw fieldError(
						ctx,
						'direction',
						`must be ASC or DESC, got "${textOf(value)}"`,
						itemIndex,
						'Choose ASC or DESC',
					);
				}
				query.direction = text;
				break;
			}
			case 'modifiedSince':
				if (spec.modifiedSince !== 'supported' && spec.modifiedSince !== 'headerOnly') {
					const why =
						spec.modifiedSince === 'rejected'
							? 'the service answers 400 for it here'
							: 'the service ignores it here';
					throw fieldError(
						ctx,
						'modifiedSince',
						`is not supported by ${row.path}`,
						itemIndex,
						`Remove the filter: ${why}`,
					);
				}
				query.modifiedSince = isoDate(node, field, value, itemIndex);
				break;
			case 'startDate':
			case 'endDate':
				if (!spec.orderDates) {
					throw fieldError(
						ctx,
						field,
						`is only supported by order lists, not ${row.path}`,
						itemIndex,
						'Remove the filter',
					);
				}
				query[field] = isoDate(node, field, value, itemIndex);
				break;
			default:
				query[field] = value;
		}
	}

	if (query.startDate !== undefined && query.endDate !== undefined) {
		const start = parseIsoDate(textOf(query.startDate));
		const end = parseIsoDate(textOf(query.endDate));
		if (start !== undefined && end !== undefined && start > end) {
			throw fieldError(
				ctx,
				'startDate',
				'is after End Date (endDate)',
				itemIndex,
				'Enter a Start Date on or before the End Date',
			);
		}
	}
	return query;
}
