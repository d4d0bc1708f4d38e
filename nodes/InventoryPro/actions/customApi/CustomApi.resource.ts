import { resourceDescription } from '../common/resource';
import type { OperationMap } from '../common/types';
import * as request from './request.operation';

/** Not one of the 14 resources of the spec: a way out for paths the endpoint table does not know. */
export const operations: OperationMap = { request: request.operation };

export const description = resourceDescription('customApi', operations);
