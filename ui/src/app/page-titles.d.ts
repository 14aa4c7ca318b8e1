/** The fixed titles of page-meta.json by route path (vite.config.ts, pageTitles): dynamic pages set their own. */
declare module "virtual:page-titles" {
  const titles: Record<string, string | undefined>;
  export default titles;
}
