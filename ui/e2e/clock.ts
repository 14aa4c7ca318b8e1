// Wall-clock times in a listing's zone, as the viewing forms take them (issue 31).

/** wallClock is a moment as a wall-clock time in a zone, "YYYY-MM-DDTHH:MM". */
export function wallClock(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}

/** inDays is `time` on the day `days` from now in London (the zone of a listing in the United Kingdom). */
export const inDays = (days: number, time: string) => `${wallClock(new Date(Date.now() + days * 86_400_000), "Europe/London").slice(0, 10)}T${time}`;
