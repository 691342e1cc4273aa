export { buildRerankRequest, type RerankQuery } from './request';
export { parseRerankResponse, type RerankAnswer } from './response';
