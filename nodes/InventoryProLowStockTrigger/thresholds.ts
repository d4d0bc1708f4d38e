/**
 * The threshold of each stock level: the restocking level Inventory Pro lists with it, one fixed
 * number, or a Per Item list. Read and checked before any request, so bad input costs nothing.
 *
 * A trigger has no input items: n8n evaluates an expression in these fields once per poll (it can use
 * $now, $today, $vars, $workflow), never per stock level, so $json and other nodes' output are not
 * available here. A per-item source is therefore a field of the stock level itself or the Per Item list.
 */
import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';

import { numeric, type Row } from './levels';

export type ThresholdSource = 'restockingLevel' | 'fixed' | 'perItem';

export interface Thresholds {
	/** The row's threshold, or undefined when the row is not watched. */
	of(row: Row): number | undefined;
	/** After a read: throws when the settings cannot match what the service sent. */
	check(rows: readonly Row[]): void;
}

export const EXPRESSION_SCOPE =
	"A trigger has no input items: an expression here is evaluated once per poll and can use $now, $today, $vars and $workflow, not $json or other nodes' output.";

/** `<Label> (<field>) <what was wrong>`, the description says what to do: the package's error style. */
export function inputError(
	ctx: { getNode(): INode },
	label: string,
	field: string,
	problem: string,
	fix: string,
): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), `${label} (${field}) ${problem}`, {
		description: fix,
	});
}

/** How the trigger reads its parameters: the poll's or the editor test run's getNodeParameter. */
export interface Params {
	getNode(): INode;
	get(name: string, fallback?: unknown): unknown;
}

/** A parameter's value; an expression that fails (e.g. one using $json) is named with the reason. */
function parameter(ctx: Params, label: string, name: string): unknown {
	try {
		return ctx.get(name);
	} catch (error) {
		throw inputError(
			ctx,
			label,
			name,
			`could not be evaluated: ${(error as Error).message}`,
			EXPRESSION_SCOPE,
		);
	}
}

export function readThresholds(ctx: Params): Thresholds {
	const source = ctx.get('threshold') as ThresholdSource;
	if (source === 'fixed') return fixed(ctx);
	if (source === 'perItem') return perItem(ctx);
	if (source === 'restockingLevel') return restockingLevel(ctx);
	throw inputError(
		ctx,
		'Threshold',
		'threshold',
		`must be one of restockingLevel, fixed, perItem, not ${JSON.stringify(source)}`,
		'Choose a threshold in the list.',
	);
}

function fixed(ctx: Params): Thresholds {
	const value = parameter(ctx, 'Below', 'fixedThreshold');
	const threshold = numeric(value);
	if (threshold === undefined || threshold < 0)
		throw inputError(
			ctx,
			'Below',
			'fixedThreshold',
			`must be a number of 0 or more, not ${JSON.stringify(value)}`,
			'Alerts fire when an item has fewer units on hand than this number.',
		);
	return { of: () => threshold, check: () => undefined };
}

function restockingLevel(ctx: Params): Thresholds {
	const value = parameter(ctx, 'Restocking Level Field', 'levelField');
	const field = typeof value === 'string' ? value.trim() : '';
	if (field === '')
		throw inputError(
			ctx,
			'Restocking Level Field',
			'levelField',
			'is empty',
			'Name the field of the stock level that holds the restocking level (min in the sandbox).',
		);
	return {
		// No value (null, blank) means no restocking level: the row is not watched.
		of: (row) => numeric(row.row[field]),
		check(rows) {
			if (rows.length === 0 || rows.some((row) => field in row.row)) return;
			throw inputError(
				ctx,
				'Restocking Level Field',
				'levelField',
				`names a field no stock level has: "${field}"`,
				`The stock levels Inventory Pro sent have: ${Object.keys(rows[0].row).join(', ')}. Name the field that holds the restocking level, or choose another Threshold.`,
			);
		},
	};
}

const PER_ITEM_FIX =
	'Give a JSON list of rows like [{ "shortID": "WIDGET-01", "threshold": 10 }, { "shortID": "WIDGET-02", "wID": 2, "threshold": 5 }]; wID is optional (every warehouse when left out).';

function perItem(ctx: Params): Thresholds {
	const label = 'Item Thresholds';
	const name = 'itemThresholds';
	const value = parameter(ctx, label, name);
	let list: unknown = value;
	if (typeof value === 'string') {
		try {
			list = JSON.parse(value);
		} catch (error) {
			throw inputError(
				ctx,
				label,
				name,
				`is not valid JSON: ${(error as Error).message}`,
				PER_ITEM_FIX,
			);
		}
	}
	if (!Array.isArray(list))
		throw inputError(ctx, label, name, 'must be a JSON list of rows', PER_ITEM_FIX);
	// Keyed `${wID}:${shortID}` for one warehouse, `*:${shortID}` for every warehouse; shortIDs ignore case.
	const thresholds = new Map<string, number>();
	list.forEach((entry: unknown, index) => {
		const at = `row ${index + 1}`;
		const row = entry as IDataObject;
		if (typeof row !== 'object' || row === null || Array.isArray(row))
			throw inputError(ctx, label, name, `${at} is not an object`, PER_ITEM_FIX);
		if (typeof row.shortID !== 'string' || row.shortID.trim() === '')
			throw inputError(ctx, label, name, `${at} has no "shortID"`, PER_ITEM_FIX);
		const threshold = numeric(row.threshold);
		if (threshold === undefined || threshold < 0)
			throw inputError(
				ctx,
				label,
				name,
				`${at} ("${row.shortID}") needs a "threshold" of 0 or more, not ${JSON.stringify(row.threshold)}`,
				PER_ITEM_FIX,
			);
		let warehouse = '*';
		if (row.wID !== undefined && row.wID !== null && row.wID !== '') {
			const wID = numeric(row.wID);
			if (wID === undefined || !Number.isInteger(wID) || wID < 1)
				throw inputError(
					ctx,
					label,
					name,
					`${at} ("${row.shortID}") has a "wID" that is not a warehouse number: ${JSON.stringify(row.wID)}`,
					PER_ITEM_FIX,
				);
			warehouse = String(wID);
		}
		const key = `${warehouse}:${row.shortID.trim().toLowerCase()}`;
		if (thresholds.has(key))
			throw inputError(
				ctx,
				label,
				name,
				`${at} repeats "${row.shortID}"${warehouse === '*' ? '' : ` in warehouse ${warehouse}`}`,
				'Give each item (and warehouse) one threshold.',
			);
		thresholds.set(key, threshold);
	});
	return {
		of(row) {
			const shortID = (row.row.shortID as string).toLowerCase();
			const wID = row.key.slice(0, row.key.indexOf(':'));
			return thresholds.get(`${wID}:${shortID}`) ?? thresholds.get(`*:${shortID}`);
		},
		check: () => undefined,
	};
}
