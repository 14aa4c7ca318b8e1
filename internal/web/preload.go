package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"strings"
	"time"
)

// Screen preloads. The build lists, for each screen of the app, the chunks its code needs beyond
// the app's (ui/scripts/screens.mjs writes .vite/screens.json). The page that opens a screen
// lists them (a JSON script, #screen-code), and the entry asks for them with the app's own once
// the page has painted (ui/src/main.tsx): they download side by side instead of one import
// after another, and not before the page's stylesheets and main picture. The screen's
// stylesheets are linked in the page, for its first paint (the app, finding them there, does not
// add them again).

// screen is one entry of .vite/screens.json.
type screen struct {
	Path   string   `json:"path"`   // the router's pattern: "/properties/:id"
	Files  []string `json:"files"`  // "/assets/property-….js"
	Styles []string `json:"styles"` // "/assets/property-….css"
	// HTML is the screen's first render, prerendered by the build (ui/scripts/prerender.mjs),
	// or empty: it replaces the page's placeholder shell.
	HTML string `json:"html"`
	// Hydrate says the app takes HTML over as it is (a screen that paints without data); else
	// HTML is the screen's skeleton, which the app replaces.
	Hydrate bool `json:"hydrate"`
	// Members are a member's page's skeletons, by the signed-in member's role ("*": any other
	// role), which the app replaces; a visitor not signed in, or of a role without one, gets
	// the placeholder shell (memberSkeleton).
	Members map[string]string `json:"members"`
	// Title and Description are the page's, from src/app/page-meta.json (seo.go); a Dynamic
	// page makes its own from its data, and a NoIndex page is kept out of search engines.
	Title       string `json:"title"`
	Description string `json:"description"`
	Dynamic     bool   `json:"dynamic"`
	NoIndex     bool   `json:"noindex"`
}

// notFoundScreen is the path of the not-found page's entry in the list (the router's catch-all).
const notFoundScreen = "*"

// screenPages is the build with one copy of index.html per screen, carrying that screen's
// preloads, as screens/<i>.html (compressed as they are served, with their heads: seo.go).
type screenPages struct {
	fs.FS
	screens []screen
	pages   map[string][]byte
	// heads keeps the fixed screens' pages with their heads, per origin (seo.go).
	heads *namedPages
}

// withScreenPreloads makes the screen pages from dist's index.html (as it is served, map tile
// settings included). A build without the list, or a bad list, serves index.html alone.
func withScreenPreloads(dist fs.FS) (screenPages, error) {
	p := screenPages{FS: dist, pages: map[string][]byte{}, heads: &namedPages{pages: map[string]namedPage{}}}
	if dist == nil {
		return p, nil
	}
	index, err := fs.ReadFile(dist, "index.html")
	if errors.Is(err, fs.ErrNotExist) {
		return p, nil // not built: serveIndex says so
	}
	if err != nil {
		return p, fmt.Errorf("read index.html: %w", err)
	}
	screens, err := readScreens(dist)
	if err != nil {
		return p, err
	}
	for i, s := range screens {
		var links strings.Builder
		for _, file := range s.Styles {
			fmt.Fprintf(&links, `<link rel="stylesheet" crossorigin href="%s">`, html.EscapeString(file))
		}
		code, err := json.Marshal(s.Files) // escapes <, > and &: safe inside a script element
		if err != nil {
			return p, fmt.Errorf("list the code of %s: %w", s.Path, err)
		}
		fmt.Fprintf(&links, `<script type="application/json" id="screen-code">%s</script>`, code)
		page := bytes.Replace(index, []byte("</head>"), []byte(links.String()+"</head>"), 1)
		if s.HTML != "" {
			page = withPrerendered(page, s.HTML, s.Hydrate)
		}
		p.pages[fmt.Sprintf("screens/%d.html", i)] = page
	}
	p.screens = screens
	return p, nil
}

// readScreens reads the build's list of screens (.vite/screens.json); none when the build has
// no list.
func readScreens(dist fs.FS) ([]screen, error) {
	if dist == nil {
		return nil, nil
	}
	list, err := fs.ReadFile(dist, ".vite/screens.json")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil // built without the list: nothing to preload
	}
	if err != nil {
		return nil, fmt.Errorf("read .vite/screens.json: %w", err)
	}
	var screens []screen
	if err := json.Unmarshal(list, &screens); err != nil {
		return nil, fmt.Errorf("read .vite/screens.json: %w", err)
	}
	return screens, nil
}

// withPrerendered puts a screen's prerendered markup in place of the page's placeholder shell
// (between <!--shell--> and <!--/shell--> in index.html), marking the root for hydration when the
// app is to take the markup over. A page without the markers is left as it is.
func withPrerendered(page []byte, markup string, hydrate bool) []byte {
	const root, start, end = `<div id="root">`, "<!--shell-->", "<!--/shell-->"
	i, j, k := bytes.Index(page, []byte(root)), bytes.Index(page, []byte(start)), bytes.Index(page, []byte(end))
	if i < 0 || j != i+len(root) || k < j {
		return page
	}
	out := append([]byte{}, page[:i]...)
	if hydrate {
		out = append(out, `<div id="root" data-prerendered>`...)
	} else {
		out = append(out, root...)
	}
	out = append(out, markup...)
	return append(out, page[k+len(end):]...)
}

// screen finds the screen at urlPath: the name of its page and its entry. Without a match it
// gives the not-found page, and false, when the build lists one, else index.html (a build without
// the list knows no routes, so it cannot tell one unknown).
func (p screenPages) screen(urlPath string) (string, screen, bool) {
	for i, s := range p.screens {
		if s.Path != notFoundScreen && matchRoute(s.Path, urlPath) {
			return fmt.Sprintf("screens/%d.html", i), s, true
		}
	}
	for i, s := range p.screens {
		if s.Path == notFoundScreen {
			return fmt.Sprintf("screens/%d.html", i), s, false
		}
	}
	return "index.html", screen{}, true
}

// matchRoute reports whether urlPath fits a router pattern, where ":name" stands for any one
// segment.
func matchRoute(pattern, urlPath string) bool {
	want := strings.Split(strings.Trim(pattern, "/"), "/")
	got := strings.Split(strings.Trim(urlPath, "/"), "/")
	if len(want) != len(got) {
		return false
	}
	for i := range want {
		if strings.HasPrefix(want[i], ":") {
			if got[i] == "" {
				return false
			}
		} else if want[i] != got[i] {
			return false
		}
	}
	return true
}

// Open opens a screen page from memory, anything else from the build.
func (p screenPages) Open(name string) (fs.File, error) {
	if page, ok := p.pages[name]; ok {
		return memFile{Reader: bytes.NewReader(page), info: memInfo{name: name, size: int64(len(page))}}, nil
	}
	if p.FS == nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return p.FS.Open(name)
}

// memInfo describes a file held in memory.
type memInfo struct {
	name string
	size int64
}

func (i memInfo) Name() string     { return i.name[strings.LastIndex(i.name, "/")+1:] }
func (i memInfo) Size() int64      { return i.size }
func (memInfo) Mode() fs.FileMode  { return 0o444 }
func (memInfo) ModTime() time.Time { return time.Time{} }
func (memInfo) IsDir() bool        { return false }
func (memInfo) Sys() any           { return nil }

// memberEmailMark is the address in a skeleton for a member whose address is not verified, in
// the banner asking them to verify it: memberSkeleton writes theirs in its place
// (MEMBER_EMAIL_MARK in ui/src/app/member-skeletons.tsx).
const memberEmailMark = "member-email@rentproof.invalid"

// memberSkeleton is the skeleton of a member's page for the user signed in, read from the
// page's GetCurrentUser answer (memberPage): the one for their role, else the one for any
// member ("*"), in the version with the banner and their address when it is not verified ("…/
// unverified"); "" for a visitor not signed in, and for a role the page has none for.
func (s screen) memberSkeleton(currentUser []byte) string {
	if len(s.Members) == 0 {
		return ""
	}
	var answer struct {
		User *struct {
			Role          string `json:"role"`
			Email         string `json:"email"`
			EmailVerified bool   `json:"emailVerified"`
		} `json:"user"`
	}
	if json.Unmarshal(currentUser, &answer) != nil || answer.User == nil {
		return ""
	}
	user := answer.User
	version := ""
	if !user.EmailVerified {
		version = "/unverified"
	}
	for _, role := range []string{user.Role, "*"} {
		if markup, ok := s.Members[role+version]; ok {
			return strings.ReplaceAll(markup, memberEmailMark, html.EscapeString(user.Email))
		}
	}
	return ""
}
