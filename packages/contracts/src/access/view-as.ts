// While viewing the product as another client, the browser adds that client's id to
// API calls under this query parameter; the server's access layer reads and removes it.
export const VIEW_AS_QUERY_PARAM = 'viewAs';
