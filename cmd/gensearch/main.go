// Command gensearch writes the property search's statements and the table that runs them from
// one description of the search (search.go in this folder): what a search may ask for (criteria),
// which criterion leads it and so picks the index it walks (shapes), and how it is ordered
// (sorts). Each shape gets one statement per sort, so each walks the index of its order, plain
// ones (nothing asked but the shape's own criterion) for the fixed-plan pool, and a capped count.
//
// `make generate` runs it before sqlc, which reads the statements like any other query file and
// type-checks each; `make check-generate` fails when the committed output is stale. It is a build
// tool: nothing imports it and the server binary does not contain it.
//
//	go run ./cmd/gensearch   # from the repository root
//
// It writes sql/queries/search.sql and internal/property/search_gen.go.
package main

import (
	"fmt"
	"go/format"
	"log"
	"os"
	"slices"
	"strings"
)

// Output files, relative to the repository root.
const (
	sqlFile = "sql/queries/search.sql"
	goFile  = "internal/property/search_gen.go"
)

func main() {
	log.SetFlags(0)
	if err := check(); err != nil {
		log.Fatalf("gensearch: %v", err)
	}
	if err := write(sqlFile, []byte(searchSQL())); err != nil {
		log.Fatalf("gensearch: %v", err)
	}
	src, err := format.Source([]byte(searchGo()))
	if err != nil {
		log.Fatalf("gensearch: format %s: %v", goFile, err)
	}
	if err := write(goFile, src); err != nil {
		log.Fatalf("gensearch: %v", err)
	}
}

// write replaces file with content.
func write(file string, content []byte) error {
	if err := os.WriteFile(file, content, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", file, err)
	}
	return nil
}

// check refuses descriptions the generated code could not serve.
func check() error {
	for _, s := range shapes {
		if s.lead != nil && !slices.Contains(criteria, s.lead) {
			return fmt.Errorf("shape %s: its lead is not among the criteria", s.name)
		}
		if s.lead != nil && s.lead.flag {
			return fmt.Errorf("shape %s: a flag cannot lead a search", s.name)
		}
		if s.total != "" && !s.plain {
			return fmt.Errorf("shape %s: only plain statements bring the total", s.name)
		}
		if s.facets != "" && s.lead != nil && s.lead.notInFacets {
			return fmt.Errorf("shape %s: its lead is not in its facet index", s.name)
		}
		if s.byArgument && s.plain && !s.pageFirst {
			return fmt.Errorf("shape %s: a shape sorted by argument has plain statements only when it chooses its page from a covering index (pageFirst)", s.name)
		}
		for _, o := range sorts {
			if _, ok := s.indexes[o.name]; !ok && !s.byArgument {
				return fmt.Errorf("shape %s: no index named for sort %s", s.name, o.name)
			}
		}
	}
	// Sorting by argument needs every sort's keys in one common order (see orderByArgument).
	all := commonOrder()
	for _, o := range sorts {
		if !isSubsequence(o.terms(), all) {
			return fmt.Errorf("sort %s: its terms %v do not follow the common order %v", o.name, o.terms(), all)
		}
	}
	return nil
}

// statement is one generated statement and what the table needs to call it.
type statement struct {
	name  string // sqlc's name: Plain|Search|Count + shape + sort
	shape *shape
	sort  *sort // nil for counts and for a shape sorted by argument
	plain bool
	count bool
	// facets: a count that leaves out the criteria the facet index does not hold (text), so it
	// reads that index alone (an index-only scan); it serves searches that ask for none of them.
	facets bool
}

// statements lists every statement, in file order: per shape, the plain page per sort, the
// filtered page per sort (or one sorted by argument), then the count.
func statements() []statement {
	var out []statement
	for i := range shapes {
		s := &shapes[i]
		switch {
		case s.plain && s.byArgument:
			out = append(out, statement{name: "Plain" + s.name, shape: s, plain: true})
		case s.plain:
			for j := range sorts {
				out = append(out, statement{name: "Plain" + s.name + sorts[j].title, shape: s, sort: &sorts[j], plain: true})
			}
		}
		if s.byArgument {
			out = append(out, statement{name: "Search" + s.name, shape: s})
		} else {
			for j := range sorts {
				out = append(out, statement{name: "Search" + s.name + sorts[j].title, shape: s, sort: &sorts[j]})
			}
		}
		out = append(out, statement{name: "Count" + s.name, shape: s, count: true})
		if s.facets != "" {
			out = append(out, statement{name: "CountFacets" + s.name, shape: s, count: true, facets: true})
		}
	}
	return out
}

// where is the statement's WHERE condition: active listings, the lead, then the optional
// filters, one a line.
func (st statement) where() string {
	lines := []string{"active"}
	// A page that walks a sort's index checks its criteria on the rows it passes; a count, or a
	// shape sorted by argument, may find the matches by any criterion's index.
	walked := !st.count && !st.shape.byArgument
	if st.shape.lead != nil {
		lines[0] += " AND " + st.shape.lead.required(walked)
	}
	if !st.plain {
		for _, c := range st.filters() {
			lines = append(lines, "AND "+c.optional(walked))
		}
	}
	return strings.Join(lines, "\n  ")
}

// required is the condition of a criterion that leads: its argument is always given. walked asks
// for its form no index serves, when it has one; otherwise the form that finds the matches, when
// it has one.
func (c *criterion) required(walked bool) string {
	condition := c.matching(walked)
	if !walked && c.found != "" {
		condition = c.found
	}
	return fmt.Sprintf(condition, "sqlc.arg("+c.arg+")")
}

// optional is the condition of a criterion that narrows only when asked for (in its walked form,
// when asked and it has one).
func (c *criterion) optional(walked bool) string {
	if c.flag {
		return fmt.Sprintf("(NOT sqlc.arg(%s)::bool OR %s)", c.arg, c.matching(walked))
	}
	return fmt.Sprintf("(sqlc.narg(%s)::%s IS NULL OR %s)", c.arg, c.sqlType, fmt.Sprintf(c.matching(walked), "sqlc.narg("+c.arg+")"))
}

// matching is the criterion's condition: its walked form when asked and it has one.
func (c *criterion) matching(walked bool) string {
	if walked && c.walked != "" {
		return c.walked
	}
	return c.match
}

// orderBy is a sort's ORDER BY list: its terms, then id in the sort's direction.
func orderBy(o *sort) string {
	return strings.Join(o.terms(), ", ") + ", id " + o.direction()
}

// terms are a sort's keys, each with its direction: "rating DESC".
func (o *sort) terms() []string {
	out := make([]string, len(o.keys))
	for i, k := range o.keys {
		out[i] = k + " " + o.direction()
	}
	return out
}

func (o *sort) direction() string {
	if o.ascending {
		return "ASC"
	}
	return "DESC"
}

// orderByArgument orders by the sort named in the sort_by argument: one CASE per term of the
// common order, which is null (and so ties) for the sorts that do not use it, then id in the
// sort's direction.
func orderByArgument() string {
	var b strings.Builder
	b.WriteString("ORDER BY\n")
	for _, term := range commonOrder() {
		key, dir, _ := strings.Cut(term, " ")
		var names []string
		for _, o := range sorts {
			if slices.Contains(o.terms(), term) {
				names = append(names, "'"+o.name+"'")
			}
		}
		fmt.Fprintf(&b, "    CASE WHEN sqlc.arg(sort_by)::text IN (%s) THEN %s END %s,\n", strings.Join(names, ", "), key, dir)
	}
	var ascending []string
	for _, o := range sorts {
		if o.ascending {
			ascending = append(ascending, "'"+o.name+"'")
		}
	}
	if len(ascending) > 0 {
		fmt.Fprintf(&b, "    CASE WHEN sqlc.arg(sort_by)::text IN (%s) THEN id END ASC,\n", strings.Join(ascending, ", "))
	}
	b.WriteString("    id DESC")
	return b.String()
}

// commonOrder is every sort's terms in the order they first appear; check makes sure each
// sort's terms keep that order.
func commonOrder() []string {
	var order []string
	for _, o := range sorts {
		for _, t := range o.terms() {
			if !slices.Contains(order, t) {
				order = append(order, t)
			}
		}
	}
	return order
}

func isSubsequence(keys, order []string) bool {
	i := 0
	for _, k := range order {
		if i < len(keys) && keys[i] == k {
			i++
		}
	}
	return i == len(keys)
}

// goName is sqlc's Go name of a statement argument or column: page_size → PageSize.
func goName(arg string) string {
	parts := strings.Split(arg, "_")
	for i, p := range parts {
		parts[i] = strings.ToUpper(p[:1]) + p[1:]
	}
	return strings.Join(parts, "")
}

// filters are the criteria a search of shape s may ask for besides its lead: every one but the
// leads of s and of the shapes before it, which such a search does not give.
func (s *shape) filters() []*criterion {
	var out []*criterion
	for _, c := range criteria {
		given := false
		for _, earlier := range shapes {
			// A shape taken only when its flag is on leaves its lead to the later ones too.
			given = given || earlier.lead == c && (earlier.when == "" || earlier.name == s.name)
			if earlier.name == s.name {
				break
			}
		}
		if !given {
			out = append(out, c)
		}
	}
	return out
}

// filters are the optional criteria the statement checks: its shape's, less those a facet count
// leaves out.
func (st statement) filters() []*criterion {
	if !st.facets {
		return st.shape.filters()
	}
	return slices.DeleteFunc(st.shape.filters(), func(c *criterion) bool { return c.notInFacets })
}
