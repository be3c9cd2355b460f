/** How a contender spells the four requests of the benchmark. */
export interface Routes {
  list: string;
  filtered: string;
  byId(id: number): string;
  create: string;
}

/** The store's contract paths; the bare baselines serve the same ones. */
export const storeRoutes: Routes = {
  list: '/v1/pets?limit=20',
  filtered: '/v1/pets?limit=20&status=sold',
  byId: (id) => `/v1/pets/${id}`,
  create: '/v1/pets',
};

/** json-server 0.17's spelling of the same requests (`_limit` pages, a field name filters). */
export const jsonServerRoutes: Routes = {
  list: '/pets?_limit=20',
  filtered: '/pets?status=sold&_limit=20',
  byId: (id) => `/pets/${id}`,
  create: '/pets',
};
