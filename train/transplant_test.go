package train

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/tokenize"
)

// labeled parses a page and labels content the blocks whose text starts
// with "Article".
func labeled(t *testing.T, id, page string) *data.Document {
	t.Helper()
	p, err := tokenize.Parse([]byte(page), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	labels := make([]bool, len(p.Blocks))
	for i, b := range p.Blocks {
		labels[i] = strings.HasPrefix(b.Text, "Article")
	}
	return &data.Document{ID: id, Dataset: "synth", Page: p, Labeling: data.Labeling{Labels: labels}}
}

func TestTransplant(t *testing.T) {
	host := labeled(t, "host", `<body><div id="menu"><a href="/">Home</a></div><main><h1>Article title</h1>`+
		`<p>Article first paragraph.</p><p>Article second paragraph.</p></main><footer>Footer line</footer></body>`)
	donor := labeled(t, "donor", `<body><main><p>Article of the donor.</p></main><ul class="teasers">`+
		`<li><a href="/1">Other story one</a> with its first sentence here.</li>`+
		`<li><a href="/2">Other story two</a> and a sentence of it.</li>`+
		`<li><a href="/3">Other story three</a> told in short.</li></ul></body>`)
	regions := boilerplateRegions(donor)
	if len(regions) != 1 || regions[0].end-regions[0].start != 6 || donor.Page.Blocks[regions[0].start].Ancestors[regions[0].depth].Name != "ul" {
		t.Fatalf("donor regions %+v, want the teaser list", regions)
	}
	if got := boilerplateRegions(host); len(got) != 0 {
		t.Errorf("host regions %+v, want none (its boilerplate is too short)", got)
	}
	docs := []*data.Document{host, donor}
	out := transplant(docs, 20, 1)
	if again := transplant(docs, 20, 1); len(again) != len(out) {
		t.Fatal("not deterministic")
	}
	if len(out) == 0 {
		t.Fatal("no page made")
	}
	for _, d := range out {
		if d.ID != "host+donor" {
			t.Fatalf("made %s, want host+donor only (the donor page is the only one with a region)", d.ID)
		}
		blocks := d.Page.Blocks
		if len(blocks) != len(host.Page.Blocks)+6 || len(d.Labels) != len(blocks) {
			t.Fatalf("%d blocks, %d labels", len(blocks), len(d.Labels))
		}
		var content, teasers []string
		for i, b := range blocks {
			if b.Index != i {
				t.Fatalf("block %d has Index %d", i, b.Index)
			}
			if d.Labels[i] {
				content = append(content, b.Text)
			}
			if strings.Contains(b.Text, "Other story") || strings.Contains(b.Text, "sentence") || strings.Contains(b.Text, "told") {
				teasers = append(teasers, b.Text)
				if d.Labels[i] {
					t.Errorf("inserted block %q labeled content", b.Text)
				}
				// It hangs from the host's elements, not the donor's page.
				if b.Ancestors[0] != host.Page.Blocks[0].Ancestors[0] || b.Path[len(b.Path)-1] != "li" && b.Path[len(b.Path)-1] != "a" {
					t.Errorf("inserted block %q has the ancestors %v", b.Text, b.Path)
				}
			}
		}
		if !slices.Equal(content, []string{"Article title", "Article first paragraph.", "Article second paragraph."}) {
			t.Errorf("content %q", content)
		}
		if len(teasers) != 6 {
			t.Errorf("inserted %q", teasers)
		}
	}
	// The host page itself is unchanged.
	if len(host.Page.Blocks) != 5 {
		t.Errorf("host has %d blocks", len(host.Page.Blocks))
	}
}

func TestRunWithTransplant(t *testing.T) {
	opts := tinyOptions()
	opts.Transplant = 0.5
	res, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Model.Meta["transplant"]; got != "0.5" {
		t.Errorf("model meta transplant %q, want 0.5", got)
	}
}
