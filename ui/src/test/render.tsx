import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, createRouterTransport, type ConnectRouter, type Transport } from "@connectrpc/connect";
import { render } from "@testing-library/react";
import { RouterProvider, createMemoryRouter, type RouteObject } from "react-router-dom";
import { AppProviders, createQueryClient } from "@/app/providers";
import { createElement } from "react";
import { routes as appRoutes, type ScreenHandle } from "@/app/router";
import { AccountService, UserSchema, type User } from "@/gen/rentproof/account/v1/account_pb";
import { ResourceSchema, ResourceService, type Resource } from "@/gen/rentproof/resource/v1/resource_pb";
import { canListProperties } from "@/lib/rules";

/** makeUser builds a user for fake services. */
export function makeUser(overrides: Partial<Omit<User, "$typeName" | "$unknown">> = {}): User {
  const role = overrides.role ?? "tenant";
  return create(UserSchema, {
    id: 7,
    username: "dana_whitfield",
    email: "dana.whitfield@example.com",
    firstName: "Dana",
    lastName: "Whitfield",
    role,
    // As the server answers it (property.CanList, from the same declared listing roles).
    canListProperties: canListProperties(role),
    // Most tests' members are established; the verification banner's tests set it false.
    emailVerified: true,
    ...overrides,
  });
}

/** makeResource builds a resource for fake services. */
export function makeResource(overrides: Partial<Omit<Resource, "$typeName" | "$unknown">> = {}): Resource {
  return create(ResourceSchema, {
    id: 1,
    title: "Understanding Your Security Deposit",
    description: "How much a landlord may hold, when it must come back and what can be deducted.",
    content: "## Basics\n\nA **deposit** protects the landlord.",
    category: "tenant",
    authorName: "Maya Chen",
    authorTitle: "Tenant advocate",
    authorImage: "",
    coverImage: "/images/resources/deposit.svg",
    readTime: 6,
    publishedAt: timestampFromDate(new Date("2025-03-14T00:00:00Z")),
    ...overrides,
  });
}

/** SAMPLE_RESOURCES is a small library spread over the tab categories and one other. */
export const SAMPLE_RESOURCES: Resource[] = [
  makeResource({ id: 1, title: "Understanding Your Security Deposit", category: "tenant" }),
  makeResource({ id: 2, title: "Renters Insurance Explained", description: "Why a small policy covers more than you think.", category: "tenant", authorName: "Leo Park" }),
  makeResource({ id: 3, title: "Screening Tenants Fairly", description: "A consistent process that respects fair-housing law.", category: "landlord", authorName: "Rafael Ortega" }),
  makeResource({ id: 4, title: "Setting the Right Rent", description: "Use comparable listings to price your unit.", category: "landlord" }),
  makeResource({ id: 5, title: "2025 Rent Trends in Big Cities", description: "Where rents rose and where they cooled.", category: "market_trends" }),
  makeResource({ id: 6, title: "Lease Clauses That Matter", description: "Break clauses, renewals and repairs in plain words.", category: "legal" }),
  makeResource({ id: 7, title: "Packing Without Tears", description: "A room-by-room moving plan.", category: "moving_guide" }),
];

interface FakeOptions {
  /** The signed-in user; undefined answers without a user (signed out). Logout signs it out. */
  user?: User;
  resources?: Resource[];
  /** Called with every ListResources request (to assert what was sent). */
  onListResources?: (req: { category: string; query: string }) => void;
  /** Extra services or overrides. */
  extra?: (router: ConnectRouter) => void;
}

/**
 * fakeTransport serves AccountService and ResourceService from memory, filtering
 * resources the way the server does (category, then text in title or description).
 */
export function fakeTransport({ user, resources = SAMPLE_RESOURCES, onListResources, extra }: FakeOptions = {}): Transport {
  let signedIn = user;
  return createRouterTransport((router) => {
    router.service(AccountService, {
      getCurrentUser() {
        return { user: signedIn };
      },
      logout() {
        signedIn = undefined;
        return {};
      },
    });
    router.service(ResourceService, {
      listResources(req) {
        onListResources?.({ category: req.category, query: req.query });
        const q = req.query.trim().toLowerCase();
        return {
          resources: resources.filter(
            (r) =>
              (req.category === "" || req.category === "all" || r.category === req.category) &&
              (q === "" || r.title.toLowerCase().includes(q) || r.description.toLowerCase().includes(q)),
          ),
        };
      },
      getResource(req) {
        const found = resources.find((r) => r.id === req.id);
        if (!found) throw new ConnectError("resource not found", Code.NotFound);
        return { resource: found };
      },
    });
    extra?.(router);
  });
}

/**
 * eager returns the routes with every lazy route module already loaded, so a test renders its
 * screen at once instead of the first-visit skeleton (router.test.tsx covers the lazy path).
 */
export async function eager(routes: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    routes.map(async ({ children, ...route }) => {
      const loaded = { ...route } as RouteObject;
      const handle = route.handle as ScreenHandle | undefined;
      if (handle?.load) loaded.element = createElement(await handle.load());
      if (children) loaded.children = await eager(children);
      return loaded;
    }),
  );
}

const eagerRoutes = await eager(appRoutes);

interface RenderAppOptions {
  path?: string;
  transport?: Transport;
  routes?: RouteObject[];
}

/** renderApp renders the app's routes in memory at `path`, talking to `transport`. */
export function renderApp({ path = "/", transport = fakeTransport(), routes = eagerRoutes }: RenderAppOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const utils = render(
    <AppProviders transport={transport} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, queryClient };
}
