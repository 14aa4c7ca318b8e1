/** gate returns a promise to hold fake rpcs on and the function that releases them (to look at pending states). */
export function gate() {
  let release = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { hold: () => promise, release };
}
