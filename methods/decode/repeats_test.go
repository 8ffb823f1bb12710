package decode

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/boilernet/boilernet/tokenize"
)

// TestAppendKey: a paragraph's repeat key is its words (strings.Fields)
// lowercased, each followed by a space, whatever the spacing and script.
func TestAppendKey(t *testing.T) {
	fields := func(text string) string {
		var b strings.Builder
		for f := range strings.FieldsSeq(text) {
			for _, r := range f {
				b.WriteRune(unicode.ToLower(r))
			}
			b.WriteByte(' ')
		}
		return b.String()
	}
	for _, text := range []string{
		"", "   ", "Hello, World!", "\tTabs\nand\r\nlines\v\f", "non\u00a0breaking\u2003em space\u0085next",
		"ÉCOLE Straße İstanbul ΣΟΦΊΑ", "bad \xff\xfe utf-8", "trailing ", " leading", "日本語 のテキスト",
	} {
		if got, want := string(appendKey(nil, text)), fields(text); got != want {
			t.Errorf("appendKey(%q) = %q, want %q", text, got, want)
		}
	}
}

// TestDropOrphanAttributions: a quote's attribution line stays only with
// what it attributes.
func TestDropOrphanAttributions(t *testing.T) {
	quote := `<p>Congrats on the new job, well deserved after all that work.</p>` +
		`<blockquote><div>anna said:</div><div>I start at the lab on Monday, after three rounds of interviews.</div></blockquote>` +
		`<p>Thanks everyone, I was surprised there were in-person options.</p>`
	for _, tt := range []struct {
		name, page string
		kept       []string // selected before
		want       []string
	}{
		{"the quoted text dropped", quote,
			[]string{"Congrats on the new job, well deserved after all that work.", "anna said:", "Thanks everyone, I was surprised there were in-person options."},
			[]string{"Congrats on the new job, well deserved after all that work.", "Thanks everyone, I was surprised there were in-person options."}},
		{"the quoted text kept", quote,
			[]string{"anna said:", "I start at the lab on Monday, after three rounds of interviews."},
			[]string{"anna said:", "I start at the lab on Monday, after three rounds of interviews."}},
		{"a quote's own line that ends in a colon, more of it kept", `<blockquote><p>The rules were simple:</p><p>Be kind.</p><p>Be brief and stay on the topic of the thread.</p></blockquote>`,
			[]string{"The rules were simple:", "Be kind."},
			[]string{"The rules were simple:", "Be kind."}},
	} {
		if kept := keptFrom(t, tt.page, tt.kept, dropOrphanAttributions); !slices.Equal(kept, tt.want) {
			t.Errorf("%s: kept %q, want %q", tt.name, kept, tt.want)
		}
	}
}

// TestDropTruncatedCopies: a paragraph cut short with an ellipsis goes
// when one of the next paragraphs starts with its words.
func TestDropTruncatedCopies(t *testing.T) {
	bio := "Welcome to my store. I am a regular guy with a regular job who is having a great time finding items"
	for _, tt := range []struct {
		name, page string
		want       []string
	}{
		{"a teaser's cut copy before the whole", `<p>` + bio + ` in my ar...</p><p>Ships worldwide.</p><p>` + bio + ` in my area and helping them find good homes.</p>`,
			[]string{"Ships worldwide.", bio + " in my area and helping them find good homes."}},
		{"an ellipsis that cuts nothing", `<p>` + bio + ` and then…</p><p>Something else entirely, said at length by someone else.</p>`,
			[]string{bio + " and then…", "Something else entirely, said at length by someone else."}},
		{"too short to tell", `<p>Read on...</p><p>Read on to the end of the page for the details.</p>`,
			[]string{"Read on...", "Read on to the end of the page for the details."}},
	} {
		if kept := keptTexts(t, tt.page, dropTruncatedCopies); !slices.Equal(kept, tt.want) {
			t.Errorf("%s: kept %q, want %q", tt.name, kept, tt.want)
		}
	}
}

func TestDropTandemCopies(t *testing.T) {
	card := func(size string) string {
		return `<div class="` + size + `"><h2>Ankle</h2><p>Comfy coverage that protects ankles.</p></div>`
	}
	for _, tt := range []struct {
		name, page string
		selected   []string // the blocks selected before the step (nil: all)
		want       []string
	}{
		{"a card's copies for three screen sizes", `<a href="/ankle">` + card("large") + `<img src="a.png">` + card("medium") + card("small") + `</a><p>Calf socks hit mid-calf.</p>`, nil,
			[]string{"Ankle", "Comfy coverage that protects ankles.", "Calf socks hit mid-calf."}},
		{"a slider's cloned slide", `<div class="slide">Fast and smooth wireless file sharing.</div><div class="slide clone">Fast and smooth wireless file sharing.</div>`, nil,
			[]string{"Fast and smooth wireless file sharing."}},
		{"a paragraph the page writes twice in the same markup", `<div><p class="body">Kop idle Diomede should get the bird.</p><p class="body">Kop idle Diomede should get the bird.</p></div>`, nil,
			[]string{"Kop idle Diomede should get the bird.", "Kop idle Diomede should get the bird."}},
		{"a list's item written twice", `<ul><li>Copy files from one partition to another</li><li>Copy files from one partition to another</li></ul>`, nil,
			[]string{"Copy files from one partition to another", "Copy files from one partition to another"}},
		{"a refrain with a verse between its copies", `<p>We will rock you, we will rock you.</p><p>Buddy, you're a boy, make a big noise.</p><p>We will rock you, we will rock you.</p>`, nil,
			[]string{"We will rock you, we will rock you.", "Buddy, you're a boy, make a big noise.", "We will rock you, we will rock you."}},
		{"text between the copies, not selected", `<p>We will rock you, we will rock you.</p><p>Buddy, you're a boy.</p><p>We will rock you, we will rock you.</p>`,
			[]string{"We will rock you, we will rock you."},
			[]string{"We will rock you, we will rock you.", "We will rock you, we will rock you."}},
		{"a table's row of equal values", `<table><tr><td>$10,000 (per insured)</td><td>$10,000 (per insured)</td></tr></table>`, nil,
			[]string{"$10,000 (per insured)", "$10,000 (per insured)"}},
		{"too short to tell", `<p>Latest</p><p>Latest</p>`, nil,
			[]string{"Latest", "Latest"}},
	} {
		if kept := keptFrom(t, tt.page, tt.selected, dropTandemCopies); !slices.Equal(kept, tt.want) {
			t.Errorf("%s: kept %q, want %q", tt.name, kept, tt.want)
		}
	}
}

func TestDropProseRepeats(t *testing.T) {
	story := `Dieticians ranked the ten most useful foods, <a href="/src">Rosbalt</a> reports, with the tomato first.`
	for _, tt := range []struct {
		name, page string
		want       []string
	}{
		{"a story's print copy", `<div class="story"><p>` + story + `</p></div><noindex><div class="print"><p>` + story + `</p></div></noindex>`,
			[]string{"Dieticians ranked the ten most useful foods,", "Rosbalt", "reports, with the tomato first."}},
		{"a listing shown again in another example stays", `<div class="ex1"><pre><code>go run ./cmd/server -addr :8080</code></pre></div><p>And with TLS:</p><div class="ex2"><pre><code>go run ./cmd/server -addr :8080</code></pre></div>`,
			[]string{"go run ./cmd/server -addr :8080", "And with TLS:", "go run ./cmd/server -addr :8080"}},
	} {
		if kept := keptTexts(t, tt.page, dropProseRepeats); !slices.Equal(kept, tt.want) {
			t.Errorf("%s: kept %q, want %q", tt.name, kept, tt.want)
		}
	}
}

// TestDefaultKeepsRepeatedListingLines: the default decoding keeps a
// page's last listing whole when its lines repeat another listing's.
func TestDefaultKeepsRepeatedListingLines(t *testing.T) {
	listing := `<pre><code><div>export TWILIO_ACCOUNT_SID=your_sid</div><div>export TWILIO_AUTH_TOKEN=your_token</div></code></pre>`
	page := `<p>Set the two variables on Linux or macOS:</p><div class="ex1">` + listing + `</div>` +
		`<p>The same two variables serve on Windows.</p><div class="ex2">` + listing + `</div>`
	p, err := tokenize.Parse([]byte(page), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	probs := slices.Repeat([]float32{0.99}, len(p.Blocks))
	var kept []string
	for i, on := range Default().decode(p.Blocks, probs) {
		if on {
			kept = append(kept, p.Blocks[i].Text)
		}
	}
	want := []string{"Set the two variables on Linux or macOS:", "export TWILIO_ACCOUNT_SID=your_sid", "export TWILIO_AUTH_TOKEN=your_token",
		"The same two variables serve on Windows.", "export TWILIO_ACCOUNT_SID=your_sid", "export TWILIO_AUTH_TOKEN=your_token"}
	if !slices.Equal(kept, want) {
		t.Errorf("kept %q, want %q", kept, want)
	}
}

func TestDropResponsiveCopies(t *testing.T) {
	desktop := `<div class="hidden md:grid"><h3>iPhone 15 Battery</h3><p>$39.99</p><p>Replace a dead or worn battery in your phone with this kit and its tools.</p></div>`
	for _, tt := range []struct {
		name, page string
		want       []string
	}{
		{"the phone layout of a grid", desktop + `<div class="md:hidden"><h3>iPhone 15 Battery</h3><p>$39.99</p><p>Replace a dead or worn battery in your phone with this kit.</p></div>`,
			[]string{"iPhone 15 Battery", "$39.99", "Replace a dead or worn battery in your phone with this kit and its tools."}},
		{"text only the phone layout holds", `<p>Our shop sells parts.</p><div class="d-md-none"><p>Call us on weekdays between nine and five for help.</p></div>`,
			[]string{"Our shop sells parts.", "Call us on weekdays between nine and five for help."}},
		{"a phone layout of other text", desktop + `<div class="md:hidden"><h3>iPhone 15 Pro Battery</h3><p>$49.99</p><p>Replace a dead or worn battery in your phone with this kit and its tools.</p></div>`,
			[]string{"iPhone 15 Battery", "$39.99", "Replace a dead or worn battery in your phone with this kit and its tools.",
				"iPhone 15 Pro Battery", "$49.99", "Replace a dead or worn battery in your phone with this kit and its tools."}},
	} {
		if kept := keptTexts(t, tt.page, dropResponsiveCopies); !slices.Equal(kept, tt.want) {
			t.Errorf("%s: kept %q, want %q", tt.name, kept, tt.want)
		}
	}
}
