import { resourceDescription } from '../common/operation';
import * as request from './request.operation';

/** Not one of the 14 resources of the spec: a way out for paths the endpoint table does not know. */
export const operations = { request };

export const description = resourceDescription('customApi', operations, 'request');
