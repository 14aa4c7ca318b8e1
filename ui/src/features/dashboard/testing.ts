import { create } from "@bufbuild/protobuf";
import type { ConnectRouter } from "@connectrpc/connect";
import {
  GetLandlordStatsResponseSchema,
  PropertyService,
  type GetLandlordStatsResponse,
  type ListMyPropertiesRequest,
  type Property,
} from "@/gen/rentproof/property/v1/property_pb";
import { ReviewService, type ListMyReviewsRequest, type Review } from "@/gen/rentproof/review/v1/review_pb";

/** DashboardFakeOptions are the viewer's own reviews, listings and stats. */
export interface DashboardFakeOptions {
  reviews?: Review[];
  properties?: Property[];
  stats?: Partial<Omit<GetLandlordStatsResponse, "$typeName" | "$unknown">>;
  /** Makes an rpc fail with this error while it is set. */
  fail?: Partial<Record<"listMyReviews" | "listMyProperties" | "getLandlordStats", Error>>;
}

function page<T>(all: T[], req: { page: number; pageSize: number }) {
  const size = req.pageSize || 10;
  const from = ((req.page || 1) - 1) * size;
  return all.slice(from, from + size);
}

const has = (text: string, q: string) => text.toLowerCase().includes(q.toLowerCase());

/**
 * serveDashboardFakes serves the dashboards' rpcs from memory the way the server answers them:
 * ListMyReviews and ListMyProperties search (ignoring case) and page, GetLandlordStats answers
 * the given stats. It records the requests.
 */
export function serveDashboardFakes({ reviews = [], properties = [], stats = {}, fail = {} }: DashboardFakeOptions = {}) {
  const requests = { reviews: [] as ListMyReviewsRequest[], properties: [] as ListMyPropertiesRequest[] };
  const serve = (router: ConnectRouter) => {
    router.service(ReviewService, {
      listMyReviews(req) {
        requests.reviews.push(req);
        if (fail.listMyReviews) throw fail.listMyReviews;
        const found = reviews.filter((r) => !req.query || has(r.title, req.query) || has(r.content, req.query));
        return {
          reviews: page(found, req),
          totalCount: found.length,
          reviewCount: reviews.length,
          page: req.page,
          pageSize: req.pageSize,
        };
      },
    });
    router.service(PropertyService, {
      listMyProperties(req) {
        requests.properties.push(req);
        if (fail.listMyProperties) throw fail.listMyProperties;
        const found = properties.filter(
          (p) => !req.query || has(p.title, req.query) || has(p.address, req.query) || has(p.city, req.query),
        );
        return { properties: page(found, req), totalCount: found.length, page: req.page, pageSize: req.pageSize };
      },
      getLandlordStats() {
        if (fail.getLandlordStats) throw fail.getLandlordStats;
        return create(GetLandlordStatsResponseSchema, stats);
      },
    });
  };
  return { serve, requests, fail };
}
