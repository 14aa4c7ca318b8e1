// Command demo-images draws RentProof's own demo illustrations as SVG files.
//
// It reads the seed data in internal/seed/data and writes, under ui/public/images:
//
//	demo/property-NN-x.svg   every image path referenced by properties.json
//	                          (suffix a is the exterior, b a living room,
//	                          c a kitchen, d a bedroom)
//	resources/<slug>.svg     a cover for every resource in resources.json
//	authors/<name>.svg       an avatar for every authorImage in resources.json
//	default-property.svg, image-fallback.svg, default-resource.svg,
//	logo.svg, favicon.svg
//
// The output is deterministic: every random choice comes from a generator
// seeded with the file name, so the same data always produces the same bytes.
// The SVGs contain only shapes, gradients and patterns: no scripts, no
// external references and no foreignObject.
//
// It is its own module, outside the server's package list (it only matters when the seed data
// gains images). Run it from the repository root:
//
//	make demo-images        # or: go -C scripts/demo-images run .
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// maxBytes is the size budget of one illustration; larger files are reported.
const maxBytes = 15 * 1024

func main() {
	dataDir := flag.String("data", "../../internal/seed/data", "folder holding the seed JSON files")
	outDir := flag.String("out", "../../ui/public/images", "folder the images are written to (served as /images)")
	flag.Parse()

	w := &writer{root: *outDir}

	var props []propertyRecord
	readJSON(filepath.Join(*dataDir, "properties.json"), &props)
	for _, p := range props {
		for _, img := range p.Images {
			rel, ok := strings.CutPrefix(img, "/images/")
			if !ok || !strings.HasPrefix(rel, "demo/") {
				log.Fatalf("property %d: image %q is not under /images/demo/", p.ID, img)
			}
			kind := strings.TrimSuffix(path.Base(rel), ".svg")
			w.refs = append(w.refs, rel)
			w.write(rel, propertyImage(p, kind[len(kind)-1:], kind))
		}
	}

	var res []resourceRecord
	readJSON(filepath.Join(*dataDir, "resources.json"), &res)
	authors := map[string]string{}
	for _, r := range res {
		rel, ok := strings.CutPrefix(r.CoverImage, "/images/")
		if !ok || !strings.HasPrefix(rel, "resources/") {
			log.Fatalf("resource %s: cover %q is not under /images/resources/", r.Slug, r.CoverImage)
		}
		w.refs = append(w.refs, rel)
		w.write(rel, resourceCover(r))
		if r.AuthorImage != "" {
			rel, ok := strings.CutPrefix(r.AuthorImage, "/images/")
			if !ok || !strings.HasPrefix(rel, "authors/") {
				log.Fatalf("resource %s: author image %q is not under /images/authors/", r.Slug, r.AuthorImage)
			}
			authors[rel] = r.AuthorName
			w.refs = append(w.refs, rel)
		}
	}
	rels := make([]string, 0, len(authors))
	for rel := range authors {
		rels = append(rels, rel)
	}
	sort.Strings(rels)
	for i, rel := range rels {
		w.write(rel, avatar(authors[rel], rel, i))
	}

	w.refs = append(w.refs, "default-property.svg", "image-fallback.svg", "default-resource.svg", "logo.svg", "favicon.svg")
	w.write("default-property.svg", defaultProperty())
	w.write("image-fallback.svg", imageFallback())
	w.write("default-resource.svg", defaultResource())
	w.write("logo.svg", logo("RentProof logo", false))
	w.write("favicon.svg", logo("RentProof", true))

	fmt.Printf("wrote %d files to %s\n", w.count, w.root)
	if err := w.verify(); err != nil {
		log.Fatal(err)
	}
	if w.tooBig > 0 {
		log.Fatalf("%d files are larger than %d bytes", w.tooBig, maxBytes)
	}
}

type propertyRecord struct {
	ID           int      `json:"id"`
	Title        string   `json:"title"`
	City         string   `json:"city"`
	PropertyType string   `json:"propertyType"`
	YearBuilt    int      `json:"yearBuilt"`
	Images       []string `json:"images"`
}

type resourceRecord struct {
	Slug        string `json:"slug"`
	Title       string `json:"title"`
	Category    string `json:"category"`
	AuthorName  string `json:"authorName"`
	AuthorImage string `json:"authorImage"`
	CoverImage  string `json:"coverImage"`
}

func readJSON(file string, v any) {
	b, err := os.ReadFile(file)
	if err != nil {
		log.Fatalf("read seed data: %v", err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		log.Fatalf("parse %s: %v", file, err)
	}
}

var safeRel = regexp.MustCompile(`^[a-z0-9][a-z0-9/_-]*\.svg$`)

type writer struct {
	root   string
	count  int
	tooBig int
	refs   []string // every image path the data and the UI refer to, relative to root
}

// forbidden are fragments an image served to browsers must never contain.
var forbidden = []string{"<script", "foreignobject", "href", "http:", "https:", "javascript:", "<image", "<style", "@import", "url(data:"}

// eventAttr matches an event-handler attribute such as onload=.
var eventAttr = regexp.MustCompile(`\son[a-z]+\s*=`)

// verify re-reads every referenced image from disk and checks that it exists, has a
// title, stays within the size budget and holds nothing active or external.
func (w *writer) verify() error {
	for _, rel := range w.refs {
		b, err := os.ReadFile(filepath.Join(w.root, filepath.FromSlash(rel)))
		if err != nil {
			return fmt.Errorf("referenced image /images/%s: %w", rel, err)
		}
		s := strings.ToLower(strings.Replace(string(b), `xmlns="http://www.w3.org/2000/svg"`, "", 1))
		for _, bad := range forbidden {
			if strings.Contains(s, bad) {
				return fmt.Errorf("/images/%s contains %q", rel, bad)
			}
		}
		if eventAttr.MatchString(s) {
			return fmt.Errorf("/images/%s has an event handler attribute", rel)
		}
		if !strings.Contains(s, "<title") {
			return fmt.Errorf("/images/%s has no <title>", rel)
		}
		if len(b) > maxBytes {
			return fmt.Errorf("/images/%s is %d bytes, over %d", rel, len(b), maxBytes)
		}
	}
	fmt.Printf("verified %d referenced images\n", len(w.refs))
	return nil
}

func (w *writer) write(rel, svg string) {
	if !safeRel.MatchString(rel) || strings.Contains(rel, "..") {
		log.Fatalf("refusing to write unsafe path %q", rel)
	}
	full := filepath.Join(w.root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		log.Fatalf("create folder: %v", err)
	}
	if err := os.WriteFile(full, []byte(svg), 0o644); err != nil {
		log.Fatalf("write %s: %v", full, err)
	}
	w.count++
	if len(svg) > maxBytes {
		w.tooBig++
		log.Printf("warning: %s is %d bytes", rel, len(svg))
	}
}
