/** Display names for the camelCase field names of the endpoint table. */
const LABELS: Record<string, string> = {
	itemID: 'Item',
	partNo: 'Part Number',
	key: 'Item',
	poNo: 'Purchase Order Number',
	soNo: 'Shipping Order Number',
	woNo: 'Work Order Number',
	recNo: 'Record Number',
	rec: 'Subscription ID',
	uOM: 'Unit of Measure',
	putUp: 'Put Up',
	dfltOwner: 'Default Owner',
	counted: 'Counted Quantity',
	address1: 'Address Line 1',
	address2: 'Address Line 2',
	subCategory: 'Sub-Category',
	typeID: 'Asset Type ID',
	serialNo: 'Serial Number',
	trackingNo: 'Tracking Number',
	shortID: 'Short ID',
	url: 'URL',
	sort: 'Sort Column',
	otherEvents: 'Other Event Types',
	customHeaders: 'Custom Headers',
	webhookUrl: 'Webhook URL',
};

/** `fromWarehouseID` → "From Warehouse ID". */
export function label(name: string): string {
	if (LABELS[name]) return LABELS[name];
	const spaced = name.replace(/([a-z])([A-Z])/g, '$1 $2');
	return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
