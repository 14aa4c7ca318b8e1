import { act, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ResponsiveImage, uploadSrcSet } from "./responsive-image";

const UPLOAD = "/uploads/properties/0123456789abcdef0123456789abcdef.jpg";
const VERSIONS =
  "/uploads/properties/0123456789abcdef0123456789abcdef-w480.jpg 480w, " +
  "/uploads/properties/0123456789abcdef0123456789abcdef-w960.jpg 960w, " +
  "/uploads/properties/0123456789abcdef0123456789abcdef.jpg 2048w";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** stubObserver replaces IntersectionObserver and returns a way to bring the image near. */
function stubObserver() {
  let callback: IntersectionObserverCallback = () => {};
  const options: IntersectionObserverInit[] = [];
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(cb: IntersectionObserverCallback, init: IntersectionObserverInit) {
        callback = cb;
        options.push(init);
      }
      observe() {}
      disconnect() {}
    },
  );
  const comeNear = () => act(() => callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
  return { options, comeNear };
}

describe("uploadSrcSet", () => {
  it("lists an upload's stored widths, in its own format", () => {
    expect(uploadSrcSet(UPLOAD)).toBe(VERSIONS);
    expect(uploadSrcSet("/uploads/properties/0123456789abcdef0123456789abcdef.png")).toContain(
      "/uploads/properties/0123456789abcdef0123456789abcdef-w480.png 480w",
    );
  });

  it("leaves other pictures alone", () => {
    for (const src of [
      "/images/demo/loft.svg",
      "https://images.example.com/house.jpg",
      "/uploads/properties/0123456789abcdef0123456789abcdef-w480.jpg",
      "/uploads/properties/../secret.jpg",
    ]) {
      expect(uploadSrcSet(src)).toBeUndefined();
    }
  });
});

describe("ResponsiveImage", () => {
  it("offers an upload's widths with sizes, reserves its box and loads lazily", () => {
    const { getByRole } = render(
      <ResponsiveImage src={UPLOAD} fallback="/broken.svg" sizes="100vw" width={640} height={400} alt="Loft" />,
    );
    const img = getByRole("img", { name: "Loft" });
    expect(img).toHaveAttribute("src", UPLOAD);
    expect(img).toHaveAttribute("srcset", VERSIONS);
    expect(img).toHaveAttribute("sizes", "100vw");
    expect(img).toHaveAttribute("width", "640");
    expect(img).toHaveAttribute("height", "400");
    expect(img).toHaveAttribute("loading", "lazy");
    expect(img).not.toHaveAttribute("fetchpriority");
  });

  it("gives a vector or external picture its one source", () => {
    const { getByRole } = render(
      <ResponsiveImage src="/images/demo/loft.svg" fallback="/broken.svg" sizes="100vw" width={640} height={400} alt="Loft" />,
    );
    const img = getByRole("img", { name: "Loft" });
    expect(img).toHaveAttribute("src", "/images/demo/loft.svg");
    expect(img).not.toHaveAttribute("srcset");
    expect(img).not.toHaveAttribute("sizes");
    expect(img).toHaveAttribute("width", "640");
  });

  it("loads the page's main picture at once, with high priority", () => {
    stubObserver();
    const { getByRole } = render(
      <ResponsiveImage src={UPLOAD} fallback="/broken.svg" sizes="100vw" width={1200} height={750} alt="Loft" loading="eager" fetchPriority="high" />,
    );
    const img = getByRole("img", { name: "Loft" });
    expect(img).toHaveAttribute("src", UPLOAD);
    expect(img).toHaveAttribute("srcset", VERSIONS);
    expect(img).toHaveAttribute("loading", "eager");
    expect(img).toHaveAttribute("fetchpriority", "high");
  });

  it("asks for nothing until within 200px of the viewport", () => {
    const { options, comeNear } = stubObserver();
    const { getByRole } = render(<ResponsiveImage src={UPLOAD} fallback="/broken.svg" sizes="100vw" width={640} height={400} alt="Loft" />);
    const img = getByRole("img", { name: "Loft" });
    expect(img).not.toHaveAttribute("src");
    expect(img).not.toHaveAttribute("srcset");
    expect(options[0]).toEqual({ rootMargin: "200px" });
    comeNear();
    expect(img).toHaveAttribute("src", UPLOAD);
    expect(img).toHaveAttribute("srcset", VERSIONS);
  });

  it("swaps a broken picture for the fallback, and tries a new one again", () => {
    const other = "/uploads/properties/ffffffffffffffffffffffffffffffff.jpg";
    const image = (src: string | undefined) => (
      <ResponsiveImage src={src} fallback="/broken.svg" sizes="100vw" width={640} height={400} alt="Loft" />
    );
    const { getByRole, rerender } = render(image(UPLOAD));
    const img = getByRole("img", { name: "Loft" });
    fireEvent.error(img);
    expect(img).toHaveAttribute("src", "/broken.svg");
    expect(img).not.toHaveAttribute("srcset");
    fireEvent.error(img); // the fallback itself failing changes nothing
    expect(img).toHaveAttribute("src", "/broken.svg");

    rerender(image(other));
    expect(img).toHaveAttribute("src", other);
    expect(img).toHaveAttribute("srcset", expect.stringContaining("ffffffffffffffffffffffffffffffff-w480.jpg 480w"));

    rerender(image("  "));
    expect(img).toHaveAttribute("src", "/broken.svg");
  });
});
