package render

import (
	"strings"
	"testing"

	"github.com/boilernet/boilernet/infer"
)

// wrappedArticle is a plain-text column as CleanEval's final-451 puts it
// in a <pre>: tab-indented paragraphs wrapped at about 72 columns, two
// spaces after a full stop.
const wrappedArticle = "\n\tIf you own a dog, you know what it's like to be groaked.\n\n" +
	"\t\"Groak\" is an old word meaning to stare at somebody longingly while he\n" +
	"\tis eating.\n\n" +
	"\tDogs are the champion groakers of all time, and the most obnoxious.  But\n" +
	"\tthe season, rather than the dog, reminds me of the word.  There is an\n" +
	"\telement of groaking in keeping up with the Joneses, which is a lot of\n" +
	"\twhat decides Christmas shopping purchases in any given year.\n"

// TestPreProse: a <pre> of prose wrapped to a width is written as
// paragraphs, its wraps undone and its list items marked (nested by
// their markers' indents); code, columns
// lined up with spaces, mail headers, short lines (verse) and a <pre>
// with a language class stay fenced as written (issue 38).
func TestPreProse(t *testing.T) {
	release := "    Zune is redefining the digital music experience through its distinctive\n" +
		"    features, which the company showed to reporters at a launch in Toronto.\n" +
		"    -   Wireless sync. Consumers can set their Zune to automatically sync to\n" +
		"        their PC collection via a home wireless network whenever it's placed\n" +
		"        in its dock.\n" +
		"    -   FM tuner. Consumers can easily listen to their favourite FM radio\n" +
		"        stations when they're on the go or tune into television audio.\n"
	for _, tt := range []struct {
		name, pre, want string
	}{
		{"a wrapped article", wrappedArticle,
			"If you own a dog, you know what it's like to be groaked.\n\n" +
				"\"Groak\" is an old word meaning to stare at somebody longingly while he is eating.\n\n" +
				"Dogs are the champion groakers of all time, and the most obnoxious. But the season, rather than " +
				"the dog, reminds me of the word. There is an element of groaking in keeping up with the Joneses, " +
				"which is a lot of what decides Christmas shopping purchases in any given year.\n"},
		{"a press release's items", release,
			"Zune is redefining the digital music experience through its distinctive features, which the company " +
				"showed to reporters at a launch in Toronto.\n\n" +
				"- Wireless sync. Consumers can set their Zune to automatically sync to their PC collection via a home " +
				"wireless network whenever it's placed in its dock.\n" +
				"- FM tuner. Consumers can easily listen to their favourite FM radio stations when they're on the go " +
				"or tune into television audio.\n"},
		{"items under an item", "    --  The GGW-H20LI features both Blu-ray disc read and write capabilities,\n" +
			"        and HD DVD playback compatibility. The unit has a 6x recording speed\n" +
			"        of Blu-ray Discs and records up to 50GB of data on a dual layer disc.\n" +
			"        Other features include:\n" +
			"        --  6x BD-R/2x BD-RE read compatible\n" +
			"        --  This unit is currently available for 399 dollars.\n" +
			"    --  The GGC-H20LI has Blu-ray disc and HD DVD playback compatibility.\n",
			"- The GGW-H20LI features both Blu-ray disc read and write capabilities, and HD DVD playback compatibility. " +
				"The unit has a 6x recording speed of Blu-ray Discs and records up to 50GB of data on a dual layer disc. " +
				"Other features include:\n" +
				"  - 6x BD-R/2x BD-RE read compatible\n" +
				"  - This unit is currently available for 399 dollars.\n" +
				"- The GGC-H20LI has Blu-ray disc and HD DVD playback compatibility.\n"},
		{"code comments", strings.ReplaceAll(wrappedArticle, "\t", "\t// "), fenced},
		{"a line of columns", wrappedArticle + "\n\tGNU grep 3.12        2025-03-21        GREP(1)\n", fenced},
		{"mail headers", "Date: Fri, 1 Feb 2002 11:53:40 -0500 (EST)\nFrom: Matt Fredette\nTo: port-sun3\nSubject: the kernel\n" + wrappedArticle, fenced},
		{"a few words", "If you own a dog, you know what it's like to be groaked.", fenced},
		{"short lines (verse)", strings.Repeat("Come to me now.\nI wait for you here.\nThe night is long.\nAnd so am I.\n\n", 4), fenced},
	} {
		page := "<html><body><pre>" + htmlEscaper.Replace(tt.pre) + "</pre></body></html>"
		res, err := keepAll.ExtractBytes(t.Context(), []byte(page), infer.Options{KeepHeadline: true})
		if err != nil {
			t.Fatal(err)
		}
		got := Markdown(res)
		if tt.want == fenced {
			// The text as written (its first and last line breaks
			// aside: the parser and PreText drop them), between fences.
			if want := "```\n" + strings.Trim(tt.pre, "\n") + "\n```\n"; got != want {
				t.Errorf("%s:\n%q\nwant it fenced as written", tt.name, got)
			}
			continue
		}
		if got != tt.want {
			t.Errorf("%s:\n%q\nwant\n%q", tt.name, got, tt.want)
		}
	}
}

// fenced stands for the fenced <pre> as written in TestPreProse.
const fenced = "fenced"

// htmlEscaper escapes text for an HTML test page.
var htmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// TestPreProseLanguage: a <pre> whose class names a language is code
// whatever its text.
func TestPreProseLanguage(t *testing.T) {
	page := `<html><body><pre class="language-text">` + wrappedArticle + `</pre></body></html>`
	res, err := keepAll.ExtractBytes(t.Context(), []byte(page), infer.Options{KeepHeadline: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := Markdown(res); !strings.HasPrefix(got, "```text\n") {
		t.Errorf("Markdown:\n%s\nwant a fenced block of text", got)
	}
}
