/** MAIN_CONTENT_ID is the id of the page's <main>, the skip link's target. */
export const MAIN_CONTENT_ID = "main-content";

/**
 * SkipLink lets keyboard users jump past the header. It must be the first focusable
 * element of the page; it is visible only while focused.
 */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // Move focus explicitly: a hash change alone does not focus <main> in every
        // browser, and the router must not treat it as a navigation.
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (main) {
          event.preventDefault();
          main.focus();
          main.scrollIntoView?.();
        }
      }}
    >
      Skip to main content
    </a>
  );
}
