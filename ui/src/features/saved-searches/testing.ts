import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { createRouterTransport, type ServiceImpl, type Transport } from "@connectrpc/connect";
import { AccountService, type User } from "@/gen/rentproof/account/v1/account_pb";
import { SavedSearchSchema, SavedSearchService, type SavedSearch } from "@/gen/rentproof/savedsearch/v1/savedsearch_pb";

/** makeSavedSearch builds a saved search for fake services. */
export function makeSavedSearch(id: number, overrides: Partial<Omit<SavedSearch, "$typeName" | "$unknown">> = {}): SavedSearch {
  return create(SavedSearchSchema, {
    id: BigInt(id),
    name: `Search ${id}`,
    placeKind: "city",
    placeName: "London",
    city: "London",
    areaUnit: "sqft",
    alerts: true,
    createdAt: timestampFromDate(new Date()),
    ...overrides,
  });
}

/**
 * savedSearchesTransport serves user (null: signed out) and SavedSearchService from memory;
 * overrides replace some of its methods.
 */
export function savedSearchesTransport(
  user: User | null,
  searches: SavedSearch[],
  overrides: Partial<ServiceImpl<typeof SavedSearchService>> = {},
): Transport {
  const list = searches.map((s) => ({ ...s }));
  return createRouterTransport((router) => {
    router.service(AccountService, { getCurrentUser: () => ({ user: user ?? undefined }) });
    router.service(SavedSearchService, {
      listSavedSearches: () => ({ savedSearches: list }),
      createSavedSearch(req) {
        // The place as the server reads it, roughly: the typed city, else the map's area alone.
        const areaOnly = req.mapArea !== undefined && !req.city && !req.zipCode && !req.query;
        const s = makeSavedSearch(list.length + 1, {
          name: req.name,
          city: req.city,
          query: req.query,
          mapArea: req.mapArea,
          ...(areaOnly ? { placeKind: "map_area", placeName: "Map area" } : {}),
        });
        list.unshift(s);
        return { savedSearch: s };
      },
      deleteSavedSearch(req) {
        list.splice(
          list.findIndex((s) => s.id === req.id),
          1,
        );
        return {};
      },
      setSavedSearchAlerts(req) {
        const s = list.find((x) => x.id === req.id)!;
        s.alerts = req.alerts;
        return { savedSearch: s };
      },
      ...overrides,
    });
  });
}
