/** Where a channel's model list is asked for. */
export interface ModelListTarget {
  baseUrl: string;
  apiKey: string;
}

/** One page of a vendor's model list: ids as the vendor names them, and the next page's token. */
export interface ModelListPage {
  ids: string[];
  next: string | null;
}
