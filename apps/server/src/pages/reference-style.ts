/**
 * The store's own rules over Scalar's stylesheet, where its layout fails a reader on a phone or hides what it lists.
 * They name Scalar's classes: the docs browser test (apps/admin/e2e/api-docs.test.ts) checks each one's effect at
 * 390 and 1280 px, so an update of Scalar that renames them fails there rather than on a reader's screen.
 */
export const REFERENCE_STYLE = `/* A flex item grows to its widest line unless told it may shrink: the Errors section's example pushed the page. */
.section-accordion-title,
.section-accordion-title > *,
.section-header-wrapper > * {
  min-width: 0;
  max-width: 100%;
}
.markdown pre,
.markdown table {
  max-width: 100%;
  overflow-x: auto;
}

/* The authentication card's header: the auth type goes under the title when both do not fit, never over it. */
.scalar-reference-intro-auth section > div:first-child,
.scalar-client section > div:first-child {
  flex-wrap: wrap;
}
.scalar-reference-intro-auth section > div:first-child > button {
  flex: 1 0 auto;
}

/* Every response code is a tab a reader must see: they wrap onto a second line instead of scrolling out of sight. */
.response-card .scalar-card-header-tabs {
  flex-wrap: wrap;
}
.response-card .scalar-card-header-title {
  white-space: normal;
  overflow: visible;
  flex-basis: 12rem;
}
.response-card .tab-list {
  flex-wrap: wrap;
  overflow: visible;
}
`;
