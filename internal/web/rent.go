package web

import (
	"strconv"
	"strings"
)

// Rents in the pages' descriptions ("N bed, N bath property in {city} for {rent}/month") are
// written as the app writes them.

// rentFormat is how a currency's home locale writes an amount (Intl.NumberFormat with the
// locales of CURRENCY_LOCALES in ui/src/lib/currency.ts, as Node's ICU writes them).
type rentFormat struct {
	prefix, suffix, group, decimal string
	minGroup                       int  // 2: no separator in a four-digit amount (pl-PL, hu-HU)
	indian                         bool // groups of two above the thousands (en-IN)
	decimals                       int  // at most this many fraction digits (SPEC §9)
}

// rentFormats holds the 30 supported currencies (generated from Node's Intl; a test compares
// them with its output, testdata/rent-formats.json).
var rentFormats = map[string]rentFormat{
	"USD": {prefix: "$", suffix: "", group: ",", decimal: ".", minGroup: 1, indian: false, decimals: 2},
	"EUR": {prefix: "", suffix: "\u00a0\u20ac", group: ".", decimal: ",", minGroup: 1, indian: false, decimals: 2},
	"GBP": {prefix: "\u00a3", suffix: "", group: ",", decimal: ".", minGroup: 1, indian: false, decimals: 2},
	"CAD": {prefix: "$", suffix: "", group: ",", decimal: ".", minGroup: 1, indian: false, decimals: 2},
	"AUD": {prefix: "$", suffix: "", group: ",", decimal: ".", minGroup: 1, indian: false, decimals: 2},
	"INR": {prefix: "\u20b9", suffix: "", group: ",", decimal: ".", minGroup: 1, indian: true, decimals: 2},
	"JPY": {prefix: "\u00a5", suffix: "", group: ",", decimal: ".", minGroup: 1, indian: false, decimals: 0},
	"CNY": {prefix: "\u00a5", suffix: "", group: ",", decimal: ".", minGroup: 1, indian: false, decimals: 2},
	"KRW": {prefix: "\u20a9", suffix: "", group: ",", decimal: ".", minGroup: 1, indian: false, decimals: 0},
	"RUB": {prefix: "", suffix: "\u00a0\u20bd", group: "\u00a0", decimal: ",", minGroup: 1, indian: false, decimals: 2},
	"BRL": {prefix: "R$\u00a0", suffix: "", group: ".", decimal: ",", minGroup: 1, indian: false, decimals: 2},
	"CHF": {prefix: "CHF\u00a0", suffix: "", group: "'", decimal: ".", minGroup: 1, indian: false, decimals: 2},
	"MXN": {prefix: "$", suffix: "", group: ",", decimal: ".", minGroup: 1, indian: false, decimals: 2},
	"SGD": {prefix: "$", suffix: "", group: ",", decimal: ".", minGroup: 1, indian: false, decimals: 2},
	"NZD": {prefix: "$", suffix: "", group: ",", decimal: ".", minGroup: 1, indian: false, decimals: 2},
	"HKD": {prefix: "HK$", suffix: "", group: ",", decimal: ".", minGroup: 1, indian: false, decimals: 2},
	"SEK": {prefix: "", suffix: "\u00a0kr", group: "\u00a0", decimal: ",", minGroup: 1, indian: false, decimals: 2},
	"NOK": {prefix: "", suffix: "\u00a0kr", group: "\u00a0", decimal: ",", minGroup: 1, indian: false, decimals: 2},
	"DKK": {prefix: "", suffix: "\u00a0kr.", group: ".", decimal: ",", minGroup: 1, indian: false, decimals: 2},
	"THB": {prefix: "\u0e3f", suffix: "", group: ",", decimal: ".", minGroup: 1, indian: false, decimals: 2},
	"ZAR": {prefix: "R\u00a0", suffix: "", group: "\u00a0", decimal: ",", minGroup: 1, indian: false, decimals: 2},
	"AED": {prefix: "\u200f", suffix: "\u00a0\u062f.\u0625.\u200f", group: ",", decimal: ".", minGroup: 1, indian: false, decimals: 2},
	"IDR": {prefix: "Rp\u00a0", suffix: "", group: ".", decimal: ",", minGroup: 1, indian: false, decimals: 0},
	"PHP": {prefix: "\u20b1", suffix: "", group: ",", decimal: ".", minGroup: 1, indian: false, decimals: 2},
	"MYR": {prefix: "RM\u00a0", suffix: "", group: ",", decimal: ".", minGroup: 1, indian: false, decimals: 2},
	"TRY": {prefix: "\u20ba", suffix: "", group: ".", decimal: ",", minGroup: 1, indian: false, decimals: 2},
	"PLN": {prefix: "", suffix: "\u00a0z\u0142", group: "\u00a0", decimal: ",", minGroup: 2, indian: false, decimals: 2},
	"CZK": {prefix: "", suffix: "\u00a0K\u010d", group: "\u00a0", decimal: ",", minGroup: 1, indian: false, decimals: 2},
	"HUF": {prefix: "", suffix: "\u00a0Ft", group: "\u00a0", decimal: ",", minGroup: 2, indian: false, decimals: 0},
	"ILS": {prefix: "\u200f", suffix: "\u00a0\u200f\u20aa", group: ",", decimal: ".", minGroup: 1, indian: false, decimals: 2},
}

// formatRent writes a monthly rent as the app does (formatRent in ui/src/lib/currency.ts):
// "$4,250/month". Rents are whole amounts (monthlyRent is an integer). An empty currency is
// USD; one the app cannot format is the amount in USD followed by " (USD)".
func formatRent(amount int64, currency string) string {
	code := strings.ToUpper(strings.TrimSpace(currency))
	if code == "" {
		code = "USD"
	}
	f, ok := rentFormats[code]
	if !ok {
		return formatAmount(amount, rentFormats["USD"]) + " (USD)/month"
	}
	return formatAmount(amount, f) + "/month"
}

// formatAmount writes a whole amount in a format.
func formatAmount(amount int64, f rentFormat) string {
	sign := ""
	if amount < 0 {
		sign, amount = "-", -amount
	}
	digits := strconv.FormatInt(amount, 10)
	if len(digits) >= 4+f.minGroup-1 {
		var groups []string
		rest := digits
		size := 3
		for len(rest) > size {
			groups = append([]string{rest[len(rest)-size:]}, groups...)
			rest = rest[:len(rest)-size]
			if f.indian {
				size = 2
			}
		}
		digits = strings.Join(append([]string{rest}, groups...), f.group)
	}
	return sign + f.prefix + digits + f.suffix
}
