import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useDebouncedCallback } from "./use-debounced-callback";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("useDebouncedCallback", () => {
  it("runs the latest call once calls pause, and not after cancel or unmount", () => {
    const seen: string[] = [];
    const { result, rerender, unmount } = renderHook(({ tag }) => useDebouncedCallback((v: string) => seen.push(`${tag}:${v}`), 250), {
      initialProps: { tag: "a" },
    });
    act(() => {
      result.current.schedule("l");
      vi.advanceTimersByTime(200);
      result.current.schedule("le");
    });
    rerender({ tag: "b" });
    act(() => vi.advanceTimersByTime(249));
    expect(seen).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    // The callback of the latest render runs, with the latest arguments.
    expect(seen).toEqual(["b:le"]);

    act(() => {
      result.current.schedule("x");
      result.current.cancel();
      vi.advanceTimersByTime(500);
    });
    act(() => result.current.schedule("y"));
    unmount();
    vi.advanceTimersByTime(500);
    expect(seen).toEqual(["b:le"]);
  });
});
