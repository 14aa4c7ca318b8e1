package web

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"html/template"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/notify"
)

// Unsubscriber checks and applies the unsubscribe links of emails (notify.Inbox).
type Unsubscriber interface {
	CheckUnsubscribe(ctx context.Context, token string) (notify.Stopped, error)
	Unsubscribe(ctx context.Context, token string) (notify.Stopped, error)
}

// OneClick is the body of an RFC 8058 one-click unsubscribe POST (List-Unsubscribe=One-Click).
const OneClick = "One-Click"

// Unsubscribe serves /unsubscribe?token=…, the link of every email that can be turned off, for
// anyone holding it (no sign-in): GET shows what it stops and a button, changing nothing (mail
// scanners follow links); POST with List-Unsubscribe=One-Click (RFC 8058, the button or the
// recipient's mail client) turns that member's category off and answers 200. A forged, altered or
// expired token changes nothing and is answered 400 with a page saying so.
func Unsubscribe(u Unsubscriber) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token := r.URL.Query().Get("token")
		var (
			info notify.Stopped
			err  error
			done bool
		)
		switch r.Method {
		case http.MethodGet, http.MethodHead:
			info, err = u.CheckUnsubscribe(r.Context(), token)
		case http.MethodPost:
			if r.PostFormValue("List-Unsubscribe") != OneClick {
				writeUnsubscribe(w, http.StatusBadRequest, unsubscribePage{Heading: "This unsubscribe request is incomplete", Message: "Please use the button on the unsubscribe page."})
				return
			}
			info, err = u.Unsubscribe(r.Context(), token)
			done = true
		default:
			w.Header().Set("Allow", "GET, HEAD, POST")
			writeUnsubscribe(w, http.StatusMethodNotAllowed, unsubscribePage{Heading: "Not allowed", Message: "Open the link from your email."})
			return
		}
		switch {
		case errors.Is(err, apperr.ErrNotFound):
			writeUnsubscribe(w, http.StatusBadRequest, unsubscribePage{Heading: "This link does not work", Message: err.Error()})
		case err != nil:
			slog.ErrorContext(r.Context(), "unsubscribe", "err", err)
			writeUnsubscribe(w, http.StatusInternalServerError, unsubscribePage{Heading: "Something went wrong", Message: "Something went wrong on our side. Please try again."})
		case info.Gone:
			writeUnsubscribe(w, http.StatusOK, unsubscribePage{
				Heading: "This saved search no longer exists",
				Message: "It sends no alerts: there is nothing to stop.",
				Done:    done,
			})
		case info.SavedSearch != "" && done:
			writeUnsubscribe(w, http.StatusOK, unsubscribePage{
				Heading: "Alerts for your saved search “" + info.SavedSearch + "” are off.",
				Message: "You will get no more notifications or emails about it. Turn its alerts back on under Saved Searches on your dashboard.",
				Done:    true,
			})
		case info.SavedSearch != "":
			writeUnsubscribe(w, http.StatusOK, unsubscribePage{
				Heading: "Stop alerts for your saved search “" + info.SavedSearch + "”?",
				Message: "You will get no more notifications or emails about new listings that match it. You can turn its alerts back on under Saved Searches on your dashboard.",
				Action:  "/unsubscribe?token=" + url.QueryEscape(token),
			})
		case done:
			writeUnsubscribe(w, http.StatusOK, unsubscribePage{
				Heading: "You will no longer get emails about " + lowerFirst(info.Label) + ".",
				Message: "You will still see these under Notifications when you sign in.",
				Done:    true,
			})
		default:
			writeUnsubscribe(w, http.StatusOK, unsubscribePage{
				Heading: "Stop emails about " + lowerFirst(info.Label) + "?",
				Message: info.Description,
				Action:  "/unsubscribe?token=" + url.QueryEscape(token),
			})
		}
	})
}

// unsubscribePage is what the page says; Action is the button's form target (none: no button).
type unsubscribePage struct {
	Heading, Message, Action string
	Done                     bool
}

// unsubscribeStyle is the page's only style, allowed by its hash in the page's policy.
const unsubscribeStyle = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#14232f;background:#f5f8fb}` +
	`main{max-width:32rem;margin:4rem auto;padding:2rem;background:#fff;border:1px solid #d9e2ea;border-radius:.75rem}` +
	`.brand{font-weight:700;color:#0f5e8c;text-decoration:none}h1{font-size:1.5rem;margin:1rem 0 .5rem}` +
	`button{font:inherit;font-weight:600;color:#fff;background:#0f5e8c;border:0;border-radius:.5rem;padding:.6rem 1.2rem;cursor:pointer}` +
	`button:hover{background:#0b4a6f}:focus-visible{outline:3px solid #b45309;outline-offset:2px}a{color:#0f5e8c}p{color:#52616e}`

var unsubscribeTemplate = template.Must(template.New("unsubscribe").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>{{.Heading}} · RentProof</title><style>` + unsubscribeStyle + `</style></head>
<body><main>
<a class="brand" href="/">RentProof</a>
<h1>{{.Heading}}</h1>
<p>{{.Message}}</p>
{{if .Action}}<form method="post" action="{{.Action}}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Stop these emails</button></form>{{end}}
<p><a href="/settings">Choose which emails you get in Settings</a> (sign-in needed).</p>
</main></body></html>
`))

func writeUnsubscribe(w http.ResponseWriter, status int, page unsubscribePage) {
	var body bytes.Buffer
	if err := unsubscribeTemplate.Execute(&body, page); err != nil {
		http.Error(w, "Something went wrong on our side. Please try again.", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Referrer-Policy", "no-referrer") // the token stays out of every Referer
	h.Set("Content-Security-Policy", "default-src 'none'; style-src '"+styleHash(unsubscribeStyle)+"'; "+
		"form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
	w.WriteHeader(status)
	_, _ = w.Write(body.Bytes())
}

func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return strings.ToLower(string(r)) + s[n:]
}

// styleHash is the Content-Security-Policy source that allows exactly this inline style.
func styleHash(style string) string {
	sum := sha256.Sum256([]byte(style))
	return "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
}
