import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAfterFirstPaint } from "./use-after-first-paint";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("useAfterFirstPaint", () => {
  it("is false on the first render and true after, in a task of its own; unmounted first, it stays quiet", () => {
    const { result } = renderHook(() => useAfterFirstPaint());
    expect(result.current).toBe(false);
    act(() => vi.runAllTimers());
    expect(result.current).toBe(true);

    const gone = renderHook(() => useAfterFirstPaint());
    gone.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
