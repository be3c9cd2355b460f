/**
 * The store's own rules over Scalar's stylesheet, where its layout fails a reader on a phone or hides what it lists.
 * They name Scalar's classes: the docs browser tests (apps/admin/e2e/api-docs-layout.test.ts, accessibility.test.ts)
 * check each one's effect at 390 and 1280 px, so an update of Scalar that renames them fails there rather than on a
 * reader's screen. The accessibility rules are decision 062's: WCAG 2.2 AA as axe-core checks it.
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

/* A code sample wraps rather than scrolls: a region that scrolls must take keyboard focus, which the reference's
   samples cannot (WCAG 2.1.1). #reference, the page's own mount point, puts this over Scalar's rule for them. */
#reference .markdown pre,
#reference .markdown pre code {
  white-space: pre-wrap;
  overflow-wrap: break-word;
  overflow-x: visible;
}
#reference .markdown pre code * {
  white-space: inherit;
}

/* The error-code table: a code, a status and a number are never broken inside (Scalar's tables break any word
   anywhere, which stood "status" one letter a line on a phone). On a phone a row's cells flow as lines: the code
   and its status, then what it means beneath them. */
#reference .markdown table th,
#reference .markdown table td {
  word-break: normal;
  overflow-wrap: break-word;
}
#reference .markdown table code,
#reference .markdown table th {
  white-space: nowrap;
}
@media (max-width: 40rem) {
  #reference .markdown table,
  #reference .markdown thead,
  #reference .markdown tbody {
    display: block;
  }
  #reference .markdown table tr {
    display: flex;
    flex-wrap: wrap;
  }
  #reference .markdown table th,
  #reference .markdown table td {
    flex: 0 0 auto;
  }
  #reference .markdown table tr > :last-child {
    flex-basis: 100%;
  }
}

/* Text at 4.5:1 at least on every background Scalar sets it on (WCAG 1.4.3), in both themes. Scalar's own colours
   in the light theme: greys at 3.2:1 (the search placeholder) and 4.3:1 (badges), red at 3.4:1 ("deprecated"),
   the blue and orange of code samples at 3.7:1 and 2.9:1, the green of Test Request's method at 3.8:1; in the
   dark theme, its darkest grey at 4.2:1 and its red at 4.1:1. */
.light-mode {
  --scalar-color-2: #595959;
  --scalar-color-3: #666666;
  --scalar-color-red: #c20000;
  --scalar-color-blue: #006bb3;
  --scalar-color-orange: #b34000;
  --scalar-color-green: #00734a;
}
.dark-mode {
  --scalar-color-3: #8c8c8c;
  --scalar-color-red: #ff6161;
}

/* Targets of 24 px at least (WCAG 2.5.8): the security badge and the copy button of each operation's header. */
.security-requirement-badge,
.endpoint-copy {
  min-width: 24px;
  min-height: 24px;
  display: inline-flex;
  align-items: center;
  justify-content: center;
}

/* A tag's heading is a disclosure button; Scalar puts a "copy link" button inside it, shown on hover only. A button
   within a button is one a keyboard or a screen reader cannot reach as itself (WCAG 4.1.2): it is left out. */
.section-accordion-button .section-header button {
  display: none;
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
