package web

import "strings"

// Stripe's hosts that its Payment Element needs: Stripe.js, its frames, and its API.
const (
	stripeScripts = "https://js.stripe.com"
	stripeFrames  = "https://js.stripe.com https://hooks.stripe.com"
	stripeAPI     = "https://api.stripe.com"
)

// paymentPolicy admits Stripe's script, frame and API hosts to the pages' Content-Security-Policy
// when card payments are configured; in demo mode the policy stays as it is.
func paymentPolicy(policy string, card bool) string {
	if !card {
		return policy
	}
	policy = strings.Replace(policy, "script-src 'self'", "script-src 'self' "+stripeScripts, 1)
	policy = strings.Replace(policy, "connect-src 'self'", "connect-src 'self' "+stripeAPI, 1)
	return strings.Replace(policy, "frame-src 'self'", "frame-src 'self' "+stripeFrames, 1)
}
