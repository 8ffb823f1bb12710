//go:build langeval

package metadata_test

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/metadata"
	"github.com/boilernet/boilernet/tokenize"
)

// The language evaluation on DAnIEL is built only with the langeval tag
// (it depends on the model, package infer) and runs only when asked for,
// since it extracts every page with the default model (about a minute):
//
//	go test -tags langeval ./metadata -run TestDAnIELLanguage -v -args -daniel [-daniel.splits dev] [-daniel.cache /tmp/daniel-texts.json] [-daniel.v]
//
// It prints, per split and language, how many pages get the right
// language (Metadata.Language's primary subtag) through the real
// pipeline: the page's metadata read with the text the model extracts.
// -daniel.cache keeps the extracted texts in a file, so that runs after
// the first one (tuning metadata alone) skip the model.
var (
	danielEval   = flag.Bool("daniel", false, "run TestDAnIELLanguage on ../shared/data/daniel")
	danielSplits = flag.String("daniel.splits", "train,dev,test", "the splits TestDAnIELLanguage scores")
	danielCache  = flag.String("daniel.cache", "", "a file that keeps the texts the model extracts from the DAnIEL pages")
	danielMiss   = flag.Bool("daniel.v", false, "list each page whose language is wrong")
)

// danielCodes maps DAnIEL's language names to ISO 639-1 codes.
var danielCodes = map[string]string{"Chinese": "zh", "English": "en", "Greek": "el", "Polish": "pl", "Russian": "ru"}

func TestDAnIELLanguage(t *testing.T) {
	if !*danielEval {
		t.Skip("run with -args -daniel")
	}
	ds, err := data.Open(filepath.Join("..", "..", "shared", "data", "daniel"))
	if err != nil {
		t.Skip("no DAnIEL dataset:", err)
	}
	texts := danielTexts(t, ds)
	for split := range strings.SplitSeq(*danielSplits, ",") {
		type count struct{ pages, right, declared, declaredRight, detectRight int }
		counts := map[string]*count{}
		for _, id := range ds.IDs[split] {
			want := danielCodes[ds.Meta[id]["language"]]
			raw, _, err := ds.ReadPage(id)
			if err != nil {
				t.Fatal(err)
			}
			page, err := tokenize.Parse(raw, tokenize.Options{})
			if err != nil {
				t.Fatal(id, err)
			}
			md := metadata.Extract(page.Root, metadata.Options{URL: ds.Meta[id]["url"], Text: texts[id]})
			got, _, _ := strings.Cut(md.Language, "-")
			alone := metadata.DetectLanguage(texts[id])
			c := counts[want]
			if c == nil {
				c = &count{}
				counts[want] = c
			}
			c.pages++
			if alone == want {
				c.detectRight++
			}
			declared := md.Language != "" && !md.LanguageDetected
			if declared {
				c.declared++
			}
			if got == want {
				c.right++
				if declared {
					c.declaredRight++
				}
			} else if *danielMiss {
				t.Logf("%s %s: want %s, got %q (detected %v) from %.60q", split, id, want, md.Language, md.LanguageDetected, texts[id])
			}
		}
		var sb strings.Builder
		fmt.Fprintf(&sb, "DAnIEL %s: language right / pages (of which declared by the page: right / declared; DetectLanguage alone on the extracted text: right)\n", split)
		total := count{}
		langs := slices.Sorted(func(yield func(string) bool) {
			for l := range counts {
				if !yield(l) {
					return
				}
			}
		})
		for _, l := range langs {
			c := counts[l]
			fmt.Fprintf(&sb, "  %s %4d / %4d = %.3f  (declared %d / %d; detected alone %d)\n", l, c.right, c.pages, float64(c.right)/float64(c.pages), c.declaredRight, c.declared, c.detectRight)
			total.pages += c.pages
			total.right += c.right
			total.declared += c.declared
			total.declaredRight += c.declaredRight
			total.detectRight += c.detectRight
		}
		fmt.Fprintf(&sb, "  all %4d / %4d = %.3f  (declared %d / %d; detected alone %d)", total.right, total.pages, float64(total.right)/float64(total.pages), total.declaredRight, total.declared, total.detectRight)
		t.Log("\n" + sb.String())
	}
}

// danielTexts returns the text the default model extracts from each page
// of the splits scored, read from -daniel.cache when it has them all.
func danielTexts(t *testing.T, ds *data.Dataset) map[string]string {
	texts := map[string]string{}
	if *danielCache != "" {
		raw, err := os.ReadFile(*danielCache)
		if err == nil {
			err = json.Unmarshal(raw, &texts)
		}
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
	}
	ex, err := infer.Default()
	if err != nil {
		t.Fatal(err)
	}
	added := false
	for split := range strings.SplitSeq(*danielSplits, ",") {
		for _, id := range ds.IDs[split] {
			if _, ok := texts[id]; ok {
				continue
			}
			raw, _, err := ds.ReadPage(id)
			if err != nil {
				t.Fatal(err)
			}
			res, err := ex.ExtractBytes(raw, infer.Options{URL: ds.Meta[id]["url"]})
			if err != nil {
				t.Fatal(id, err)
			}
			texts[id], added = res.Text, true
		}
	}
	if added && *danielCache != "" {
		raw, err := json.Marshal(texts)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(*danielCache, raw, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return texts
}
