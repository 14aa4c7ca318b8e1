package account

import "strings"

// BrowserSummary names a User-Agent as a person would ("Firefox on Linux", "Safari on iPhone"),
// for sign-in alerts; an agent it does not recognise is "an unrecognised browser or app". The
// header is the client's own claim, so the summary says what it claimed, nothing more.
func BrowserSummary(ua string) string {
	browser := firstMatch(ua, browsers)
	system := firstMatch(ua, systems)
	switch {
	case browser == "" && system == "":
		return "an unrecognised browser or app"
	case browser == "":
		return "a browser or app on " + system
	case system == "":
		return browser
	}
	return browser + " on " + system
}

type uaToken struct{ token, name string }

// browsers are checked in order: Edge and Opera also say "Chrome", Chrome also says "Safari".
var browsers = []uaToken{
	{"Edg/", "Edge"}, {"OPR/", "Opera"}, {"SamsungBrowser/", "Samsung Internet"}, {"Firefox/", "Firefox"},
	{"FxiOS/", "Firefox"}, {"CriOS/", "Chrome"}, {"Chromium/", "Chromium"}, {"Chrome/", "Chrome"},
	{"Safari/", "Safari"}, {"curl/", "curl"}, {"okhttp/", "an Android app"}, {"grpc-", "a gRPC client"},
}

// systems are checked in order: Android also says "Linux", iOS also says "Mac OS X".
var systems = []uaToken{
	{"Android", "Android"}, {"iPhone", "iPhone"}, {"iPad", "iPad"}, {"CrOS", "ChromeOS"},
	{"Windows", "Windows"}, {"Mac OS X", "macOS"}, {"Macintosh", "macOS"}, {"Linux", "Linux"},
}

func firstMatch(ua string, list []uaToken) string {
	for _, t := range list {
		if strings.Contains(ua, t.token) {
			return t.name
		}
	}
	return ""
}
