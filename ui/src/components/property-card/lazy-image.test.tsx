import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LazyImage } from "./lazy-image";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("LazyImage", () => {
  it("loads its picture only within 200px of the viewport", () => {
    let callback: IntersectionObserverCallback = () => {};
    const options: IntersectionObserverInit[] = [];
    const disconnect = vi.fn();
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(cb: IntersectionObserverCallback, init: IntersectionObserverInit) {
          callback = cb;
          options.push(init);
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    const { container } = render(<LazyImage src="/a.jpg" empty="/empty.svg" fallback="/broken.svg" />);
    const img = container.querySelector("img")!;
    expect(img).not.toHaveAttribute("src");
    expect(options[0]).toEqual({ rootMargin: "200px" });

    act(() => callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(img).toHaveAttribute("src", "/a.jpg");
    expect(disconnect).toHaveBeenCalled();
  });
});
