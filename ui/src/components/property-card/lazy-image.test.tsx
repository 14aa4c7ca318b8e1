import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CARD_SIZES, LazyImage } from "./lazy-image";

// Loading near the viewport and the fallback are ResponsiveImage's (responsive-image.test.tsx).
describe("LazyImage", () => {
  it("offers an upload's stored widths at a card's size, lazily, in a box of its own", () => {
    const src = "/uploads/properties/0123456789abcdef0123456789abcdef.jpg";
    const { container } = render(<LazyImage src={src} empty="/empty.svg" fallback="/broken.svg" width={640} height={420} />);
    const img = container.querySelector("img")!;
    expect(img).toHaveAttribute("src", src);
    expect(img).toHaveAttribute("srcset", expect.stringMatching(/-w480\.jpg 480w, .*-w960\.jpg 960w, .*\.jpg 2048w$/));
    expect(img).toHaveAttribute("sizes", CARD_SIZES);
    expect(img).toHaveAttribute("loading", "lazy");
    expect(img).toHaveAttribute("width", "640");
    expect(img).toHaveAttribute("height", "420");
  });

  it("shows the empty picture when there is none, and loads eagerly when asked", () => {
    const { container } = render(<LazyImage src="" empty="/empty.svg" fallback="/broken.svg" eager width={640} height={420} />);
    const img = container.querySelector("img")!;
    expect(img).toHaveAttribute("src", "/empty.svg");
    expect(img).not.toHaveAttribute("srcset");
    expect(img).toHaveAttribute("loading", "eager");
    expect(img).not.toHaveAttribute("fetchpriority");
  });
});
