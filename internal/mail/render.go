package mail

import (
	"bytes"
	_ "embed"
	"fmt"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
)

// Content is what one email says; Render lays it out, the same way for every message: the
// product's name, the heading, the paragraphs, one action link, why the member is getting it
// and how to stop.
type Content struct {
	Heading    string   `json:"heading"`
	Paragraphs []string `json:"paragraphs,omitempty"`
	Action     *Action  `json:"action,omitempty"`
	Reason     string   `json:"reason,omitempty"`  // why the recipient is getting it ("You asked to reset your password.")
	Stop       string   `json:"stop,omitempty"`    // how to stop (security mail: why it cannot be turned off)
	StopURL    string   `json:"stopUrl,omitempty"` // where to stop (the settings page or the unsubscribe link); optional
}

// Action is the one link an email asks the reader to follow.
type Action struct {
	Label string `json:"label"`
	URL   string `json:"url"`
}

//go:embed templates/layout.html
var layoutHTML string

//go:embed templates/layout.txt
var layoutText string

var (
	htmlLayout = htmltemplate.Must(htmltemplate.New("html").Parse(layoutHTML))
	textLayout = texttemplate.Must(texttemplate.New("text").Parse(layoutText))
)

// Render returns c's plain-text and HTML parts.
func Render(c Content) (text, html string, err error) {
	if strings.TrimSpace(c.Heading) == "" {
		return "", "", fmt.Errorf("an email needs a heading")
	}
	var t, h bytes.Buffer
	if err := textLayout.Execute(&t, c); err != nil {
		return "", "", err
	}
	if err := htmlLayout.Execute(&h, c); err != nil {
		return "", "", err
	}
	return t.String(), h.String(), nil
}
