import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { read, recordNumber } from '../../helpers/read';
import { recordResult } from '../../helpers/output';
import type { ShowFor } from '../node.type';

const properties: INodeProperties[] = [
	{
		displayName: 'Reason Code',
		name: 'reasonCodeID',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a reason code...',
				typeOptions: { searchListMethod: 'searchReasonCodes', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 3',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^[0-9]+$', errorMessage: 'Not a valid reason code ID' },
					},
				],
			},
		],
	},
];

const displayOptions: ShowFor<'reasonCode'> = {
	show: { resource: ['reasonCode'], operation: ['disable'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** POST /ReasonCode/{reasonCodeID}/Disable (assumed). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const reasonCodeID = read(this, itemIndex, 'reasonCodeID', recordNumber);
	const response = await apiRequest.call(this, 'reasonCode.disable', {
		path: { reasonCodeID },
		itemIndex,
	});
	return recordResult(response, { reasonCodeID });
}
