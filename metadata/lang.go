package metadata

import (
	"unicode/utf8"

	"github.com/abadojack/whatlanggo"
)

// detectSample is how much text language detection reads: on the DAnIEL
// gold texts (Chinese, English, Greek, Polish, Russian) 1000 bytes give
// the right language for 1493 of 1494 pages in 0.8 ms.
const detectSample = 1000

// minDetect is the least text (in bytes) worth detecting the language of.
const minDetect = 40

// DetectLanguage returns the ISO 639-1 code of the language of text (its
// first 1000 bytes), or "" when the text is too short (under 40 bytes) or
// the language has no such code.
func DetectLanguage(text string) string {
	if len(text) > detectSample {
		text = text[:detectSample]
		for len(text) > 0 && !utf8.ValidString(text) {
			text = text[:len(text)-1]
		}
	}
	if len(text) < minDetect {
		return ""
	}
	return whatlanggo.Detect(text).Lang.Iso6391()
}
