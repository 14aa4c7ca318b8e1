package web

import (
	"bytes"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"
)

// encoding is a content coding the build writes beside a file: name.br, name.gz.
type encoding struct {
	token, suffix string
}

// encodings are the precompressed variants in the server's order of preference (br is smaller),
// which decides between codings the client accepts equally.
var encodings = []encoding{{"br", ".br"}, {"gzip", ".gz"}}

// serveStatic serves the file name of dist with the given Content-Type (empty: from its
// extension) and Cache-Control. When the build wrote compressed variants beside it, the answer
// varies by Accept-Encoding: it is the best variant the client accepts, or the file itself.
// Range and HEAD apply to the bytes sent, as for any representation.
func serveStatic(w http.ResponseWriter, r *http.Request, dist fs.FS, name, contentType, cacheControl string) {
	h := w.Header()
	var variants []encoding
	for _, e := range encodings {
		if info, err := fs.Stat(dist, name+e.suffix); err == nil && !info.IsDir() {
			variants = append(variants, e)
		}
	}
	file := name
	if len(variants) > 0 {
		h.Add("Vary", "Accept-Encoding")
		if e, ok := negotiate(r.Header.Values("Accept-Encoding"), variants); ok {
			file = name + e.suffix
			h.Set("Content-Encoding", e.token)
		}
	}
	content, err := open(dist, file)
	if err != nil {
		http.Error(w, "file unavailable", http.StatusInternalServerError)
		return
	}
	defer content.Close()
	if contentType == "" {
		contentType = mime.TypeByExtension(path.Ext(name))
	}
	if contentType == "" {
		// Sniff the original, never the compressed bytes.
		original, _ := fs.ReadFile(dist, name)
		contentType = http.DetectContentType(original)
	}
	h.Set("Content-Type", contentType)
	h.Set("Cache-Control", cacheControl)
	if file != name {
		// ServeContent leaves out Content-Length when Content-Encoding is set (it expects
		// compression on the fly); these bytes are the representation, so their length is known.
		if info, err := fs.Stat(dist, file); err == nil {
			h.Set("Content-Length", strconv.FormatInt(info.Size(), 10))
		}
	}
	http.ServeContent(w, r, name, time.Time{}, content)
}

// open opens a file for ServeContent, which seeks in it to answer ranges and to learn its size.
// Embedded files seek; others are read into memory.
func open(dist fs.FS, name string) (io.ReadSeekCloser, error) {
	f, err := dist.Open(name)
	if err != nil {
		return nil, err
	}
	if rs, ok := f.(io.ReadSeekCloser); ok {
		return rs, nil
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, err
	}
	return nopCloser{bytes.NewReader(data)}, nil
}

type nopCloser struct{ io.ReadSeeker }

func (nopCloser) Close() error { return nil }

// negotiate picks the variant the client prefers by Accept-Encoding (RFC 9110 §12.5.3): the
// highest q-value wins, q=0 refuses, "*" stands for codings not named, and ties go to the
// server's order. The file itself (identity) is always acceptable unless refused, but is chosen
// over a variant only when the client rates it higher; no header at all asks for it.
func negotiate(header []string, variants []encoding) (encoding, bool) {
	if len(header) == 0 {
		return encoding{}, false
	}
	q := map[string]float64{}
	for _, field := range header {
		for item := range strings.SplitSeq(field, ",") {
			if token, weight, ok := parseCoding(item); ok {
				q[token] = weight
			}
		}
	}
	weight := func(token string) (float64, bool) {
		if w, ok := q[token]; ok {
			return w, true
		}
		w, ok := q["*"]
		return w, ok
	}
	best, bestQ := encoding{}, 0.0
	for _, e := range variants {
		if w, _ := weight(e.token); w > bestQ {
			best, bestQ = e, w
		}
	}
	if identityQ, named := weight("identity"); bestQ == 0 || (named && identityQ > bestQ) {
		return encoding{}, false
	}
	return best, true
}

// parseCoding reads one entry of Accept-Encoding, "gzip" or "br;q=0.8", lower-cased.
func parseCoding(item string) (token string, q float64, ok bool) {
	token, params, _ := strings.Cut(item, ";")
	token = strings.ToLower(strings.TrimSpace(token))
	if token == "x-gzip" {
		token = "gzip" // RFC 9110 §8.4.1.3: the same coding
	}
	if token == "" {
		return "", 0, false
	}
	q = 1
	for p := range strings.SplitSeq(params, ";") {
		k, v, found := strings.Cut(strings.TrimSpace(p), "=")
		if found && strings.EqualFold(strings.TrimSpace(k), "q") {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || f < 0 || f > 1 {
				return "", 0, false
			}
			q = f
		}
	}
	return token, q, true
}
