package text

import (
	"regexp"
	"strings"
)

var nonAlnum = regexp.MustCompile(`[^a-z0-9]+`)

// Slugify turns a title into a URL slug of lower-case words joined by dashes.
func Slugify(title string) string {
	return strings.Trim(nonAlnum.ReplaceAllString(strings.ToLower(title), "-"), "-")
}
